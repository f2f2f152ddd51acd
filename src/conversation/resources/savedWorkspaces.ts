import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { listSavedWorkspaces, saveWorkspace } from '../../agent-server/savedWorkspaces';
import type { ConnectionSettings } from '../../agent-server/servers';
import { serverKey } from './server';

// A server's saved workspace folders: suggestions for the New conversation form's folder.

const savedWorkspacesKey = (settings: ConnectionSettings) =>
  [...serverKey(settings), 'saved-workspaces'] as const;

export const savedWorkspacesQuery = (settings: ConnectionSettings) =>
  queryOptions({
    queryKey: savedWorkspacesKey(settings),
    queryFn: () => listSavedWorkspaces(settings),
    staleTime: 60_000,
  });

/**
 * A conversation started in an absolute folder the server does not list yet: the server keeps it
 * for next time (and for its other clients). A server that cannot is no reason to fail the start.
 */
export async function rememberWorkspace(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  path: string,
): Promise<void> {
  if (!path.startsWith('/')) return;
  const known = queryClient.getQueryData(savedWorkspacesQuery(settings).queryKey);
  if (known?.some((saved) => saved.path === path)) return;
  try {
    await saveWorkspace(settings, path);
    await queryClient.invalidateQueries({ queryKey: savedWorkspacesKey(settings) });
  } catch {
    // An older server (404) or a refusal: the folder is still remembered in this browser.
  }
}
