import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { httpStatus } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';
import { workspaceClient, type GitChange, type UploadProgress } from '../../agent-server/workspace';
import { serverKey } from './server';

// A conversation's workspace: its git changes, commits, per-file diffs and file contents. Keyed
// by the repository path (the conversation's working_dir), so conversations sharing a folder share
// the cache. Committed history never changes; the working tree is re-read when the agent may have
// touched it (see workspaceRefresh.ts).

export const workspaceKey = (settings: ConnectionSettings, repository: string) =>
  [...serverKey(settings), 'workspace', repository] as const;

const workingTreeKey = (settings: ConnectionSettings, repository: string) =>
  [...workspaceKey(settings, repository), 'working-tree'] as const;

export const workingChangesQuery = (settings: ConnectionSettings, repository: string) =>
  queryOptions({
    queryKey: [...workingTreeKey(settings, repository), 'changes'],
    queryFn: () => workspaceClient(settings).changes(repository),
  });

export const commitsQuery = (settings: ConnectionSettings, repository: string) =>
  queryOptions({
    queryKey: [...workingTreeKey(settings, repository), 'commits'],
    queryFn: () => workspaceClient(settings).commits(repository),
  });

export const commitChangesQuery = (settings: ConnectionSettings, repository: string, sha: string) =>
  queryOptions({
    queryKey: [...workspaceKey(settings, repository), 'commit', sha, 'changes'],
    queryFn: () => workspaceClient(settings).commitChanges(repository, sha),
    staleTime: Infinity,
  });

/** One file's two sides: in the working tree (against the server's base), or as a commit changed it. */
export const fileDiffQuery = (
  settings: ConnectionSettings,
  repository: string,
  path: string,
  commit: string | undefined,
  deleted = false,
) =>
  queryOptions({
    queryKey: commit
      ? [...workspaceKey(settings, repository), 'commit', commit, 'diff', path]
      : [...workingTreeKey(settings, repository), 'diff', path],
    queryFn: async () => {
      const client = workspaceClient(settings);
      const full = repositoryPath(repository, path);
      try {
        return await client.diff(full, commit);
      } catch (error) {
        // Servers before 1.58 refuse the diff of a file deleted from the working tree (400 "File
        // does not exist"): its text as last committed comes from the newest commit instead.
        if (commit || !deleted || httpStatus(error) !== 400) throw error;
        const head = (await client.commits(repository, 1)).commits[0];
        if (!head) throw error;
        return { original: (await client.diff(full, head.sha)).modified, modified: '' };
      }
    },
    staleTime: commit ? Infinity : 0,
  });

/** Files are shown up to this size; the rest is a download. */
export const FILE_VIEW_LIMIT = 1024 * 1024;

export const fileContentQuery = (settings: ConnectionSettings, repository: string, path: string) =>
  queryOptions({
    queryKey: [...workingTreeKey(settings, repository), 'file', path],
    queryFn: () => workspaceClient(settings).download(path, FILE_VIEW_LIMIT),
  });

/**
 * The server answers an empty list both for a clean repository and for a folder that is not one.
 * Asking for a commit that cannot exist tells them apart: a repository refuses the unknown sha
 * (400), a plain folder answers an empty list (git_router.py catches GitRepositoryError).
 */
export const isRepositoryQuery = (settings: ConnectionSettings, repository: string) =>
  queryOptions({
    queryKey: [...workspaceKey(settings, repository), 'is-repository'],
    queryFn: async () => {
      try {
        await workspaceClient(settings).commitChanges(repository, '0000000');
        return false;
      } catch (error) {
        if (httpStatus(error) === 400) return true;
        throw error;
      }
    },
    staleTime: 60_000,
  });

/** The working tree may have changed: re-read what is shown of it (committed history stays). */
export function refreshWorkingTree(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  repository: string,
) {
  return queryClient.invalidateQueries({ queryKey: workingTreeKey(settings, repository) });
}

/** A path the server reports relative to the repository, as the routes that take a file want it. */
export function repositoryPath(repository: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${repository.replace(/\/+$/, '')}/${path}`;
}

export async function downloadWhole(settings: ConnectionSettings, path: string): Promise<Blob> {
  const { bytes } = await workspaceClient(settings).download(path);
  return new Blob([bytes as BlobPart]);
}

/** A file into the workspace; the working tree is re-read once it is there. */
export async function uploadToWorkspace(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  repository: string,
  path: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
): Promise<void> {
  await workspaceClient(settings).upload(path, file, file.name, onProgress, signal);
  void refreshWorkingTree(queryClient, settings, repository);
}

export type { GitChange };
