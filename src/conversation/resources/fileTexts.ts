import { queryOptions } from '@tanstack/react-query';
import { httpStatus } from '../../agent-server/client';
import { isAbsolutePath } from '../workspace/gitPaths';
import { clientFor, workingTreeKey, type WorkspaceTarget } from './workspace';

// Files' whole texts as they are now, for the rules that compare them with what was shown before
// (putting a turn back, judging review comments). Not in the first load: only those need them.

/**
 * A file's whole text now, or null where there is no such file. The download route takes only
 * absolute paths: in a folder the server resolves itself (a relative working_dir), the text comes
 * through git, whose diff of a file not there is refused (400) or has no new side.
 */
export async function readFileText(workspace: WorkspaceTarget, path: string): Promise<string | null> {
  const client = clientFor(workspace);
  try {
    if (!isAbsolutePath(path)) return (await client.diff(workspace, path)).modified ?? null;
    return new TextDecoder().decode((await client.download(workspace, path)).bytes);
  } catch (error) {
    if (httpStatus(error) === 404 || (httpStatus(error) === 400 && !isAbsolutePath(path))) return null;
    throw error;
  }
}

/** Each file's text now, by path; null where there is none. */
export async function readFileTexts(
  workspace: WorkspaceTarget,
  paths: readonly string[],
): Promise<Map<string, string | null>> {
  return new Map(
    await Promise.all(paths.map(async (path) => [path, await readFileText(workspace, path)] as const)),
  );
}

/** Files' texts now (null: not there), by path, re-read with the working tree. */
export const fileTextsQuery = (workspace: WorkspaceTarget, paths: readonly string[]) =>
  queryOptions({
    queryKey: [...workingTreeKey(workspace), 'texts', ...paths],
    queryFn: () => readFileTexts(workspace, paths),
  });
