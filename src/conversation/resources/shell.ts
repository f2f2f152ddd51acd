import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { shellClient, type ShellEvent } from '../../agent-server/shell';
import { isRunning, shellEntries } from '../shell/shellLog';
import { refreshWorkingTree, workspaceKey, type WorkspaceTarget } from './workspace';

// The person's own shell in a conversation's workspace: its history (commands and outputs, as
// the server keeps them in the conversation's folder), re-read while a command runs.

/** How often a running command is looked at: its output comes only when it ends. */
export const RUNNING_POLL_MS = 1000;

export const shellKey = (workspace: WorkspaceTarget) => [...workspaceKey(workspace), 'shell'] as const;

export const shellHistoryQuery = (workspace: WorkspaceTarget) =>
  queryOptions({
    queryKey: shellKey(workspace),
    queryFn: () => shellClient(workspace.settings).history(workspace),
    select: shellEntries,
    refetchInterval: (query) =>
      query.state.data && shellEntries(query.state.data).some(isRunning) ? RUNNING_POLL_MS : false,
  });

/** Runs a command; the history shows it at once, and is re-read until it ends. */
export async function runShellCommand(
  queryClient: QueryClient,
  workspace: WorkspaceTarget,
  command: string,
): Promise<void> {
  const started = await shellClient(workspace.settings).start(workspace, command);
  queryClient.setQueryData<ShellEvent[]>(shellKey(workspace), (events) =>
    events?.some((event) => event.id === started.id) ? events : [...(events ?? []), started],
  );
  await queryClient.invalidateQueries({ queryKey: shellKey(workspace) });
}

export async function stopShellCommand(
  queryClient: QueryClient,
  workspace: WorkspaceTarget,
  commandId: string,
): Promise<void> {
  await shellClient(workspace.settings).stop(workspace, commandId);
  await queryClient.invalidateQueries({ queryKey: shellKey(workspace) });
}

/** A command the person ran may have changed files: once it ends, the working tree is re-read. */
export function shellCommandEnded(queryClient: QueryClient, workspace: WorkspaceTarget) {
  return refreshWorkingTree(queryClient, workspace);
}
