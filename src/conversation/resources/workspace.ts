import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { httpStatus } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';
import { workspaceClient, type GitChange, type UploadProgress } from '../../agent-server/workspace';
import { serverKey } from './server';

// A conversation's workspace: its git changes, commits, per-file diffs and file contents. Keyed
// by the conversation as well as the folder: two conversations with the same working_dir share a
// folder only on a local runtime (in docker each has its own), and the server answers each on its
// own routes. Committed history never changes; the working tree is re-read when the agent may
// have touched it (see WorkspacePanel's useRefreshWhileWorking).

/** A conversation's workspace on its server. */
export interface WorkspaceTarget {
  settings: ConnectionSettings;
  conversationId: string;
  /** The conversation's working_dir. */
  repository: string;
}

export const workspaceKey = ({ settings, conversationId, repository }: WorkspaceTarget) =>
  [...serverKey(settings), 'conversation', conversationId, 'workspace', repository] as const;

export const workingTreeKey = (workspace: WorkspaceTarget) =>
  [...workspaceKey(workspace), 'working-tree'] as const;

export const clientFor = (workspace: WorkspaceTarget) => workspaceClient(workspace.settings);

export const workingChangesQuery = (workspace: WorkspaceTarget) =>
  queryOptions({
    queryKey: [...workingTreeKey(workspace), 'changes'],
    queryFn: () => clientFor(workspace).changes(workspace),
  });

export const commitsQuery = (workspace: WorkspaceTarget) =>
  queryOptions({
    queryKey: [...workingTreeKey(workspace), 'commits'],
    queryFn: () => clientFor(workspace).commits(workspace),
  });

export const commitChangesQuery = (workspace: WorkspaceTarget, sha: string) =>
  queryOptions({
    queryKey: [...workspaceKey(workspace), 'commit', sha, 'changes'],
    queryFn: () => clientFor(workspace).commitChanges(workspace, sha),
    staleTime: Infinity,
  });

/** One file's two sides: in the working tree (against the server's base), or as a commit changed it. */
export const fileDiffQuery = (
  workspace: WorkspaceTarget,
  path: string,
  commit: string | undefined,
  deleted = false,
) =>
  queryOptions({
    queryKey: commit
      ? [...workspaceKey(workspace), 'commit', commit, 'diff', path]
      : [...workingTreeKey(workspace), 'diff', path],
    queryFn: async () => {
      const client = clientFor(workspace);
      const full = repositoryPath(workspace.repository, path);
      try {
        return await client.diff(workspace, full, commit);
      } catch (error) {
        // Servers before 1.58 refuse the diff of a file deleted from the working tree (400 "File
        // does not exist"): its text as last committed comes from the newest commit instead.
        if (commit || !deleted || httpStatus(error) !== 400) throw error;
        const head = (await client.commits(workspace, 1)).commits[0];
        if (!head) throw error;
        return { original: (await client.diff(workspace, full, head.sha)).modified, modified: '' };
      }
    },
    staleTime: commit ? Infinity : 0,
  });

/** Files are shown up to this size; the rest is a download. */
export const FILE_VIEW_LIMIT = 1024 * 1024;

export const fileContentQuery = (workspace: WorkspaceTarget, path: string) =>
  queryOptions({
    queryKey: [...workingTreeKey(workspace), 'file', path],
    queryFn: () => clientFor(workspace).download(workspace, path, FILE_VIEW_LIMIT),
  });

/**
 * The server answers an empty list both for a clean repository and for a folder that is not one.
 * Asking for a commit that cannot exist tells them apart: a repository refuses the unknown sha
 * (400), a plain folder answers an empty list (git_router.py catches GitRepositoryError).
 */
export const isRepositoryQuery = (workspace: WorkspaceTarget) =>
  queryOptions({
    queryKey: [...workspaceKey(workspace), 'is-repository'],
    queryFn: async () => {
      try {
        await clientFor(workspace).commitChanges(workspace, '0000000');
        return false;
      } catch (error) {
        if (httpStatus(error) === 400) return true;
        throw error;
      }
    },
    staleTime: 60_000,
  });

/** The working tree may have changed: re-read what is shown of it (committed history stays). */
export function refreshWorkingTree(queryClient: QueryClient, workspace: WorkspaceTarget) {
  return queryClient.invalidateQueries({ queryKey: workingTreeKey(workspace) });
}

/** A path the server reports relative to the repository, as the routes that take a file want it. */
export function repositoryPath(repository: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${repository.replace(/\/+$/, '')}/${path}`;
}

export async function downloadWhole(workspace: WorkspaceTarget, path: string): Promise<Blob> {
  const { bytes } = await clientFor(workspace).download(workspace, path);
  return new Blob([bytes as BlobPart]);
}

/** A file into the workspace; the working tree is re-read once it is there. */
export async function uploadToWorkspace(
  queryClient: QueryClient,
  workspace: WorkspaceTarget,
  path: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
): Promise<void> {
  await clientFor(workspace).upload(workspace, { path, file, fileName: file.name, onProgress, signal });
  void refreshWorkingTree(queryClient, workspace);
}

export type { GitChange };
