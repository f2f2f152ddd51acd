import type { QueryClient } from '@tanstack/react-query';
import { shellClient } from '../../agent-server/shell';
import { refreshWorkingTree, type WorkspaceTarget } from '../resources/workspace';
import {
  BRANCH_COMMAND,
  commitCommand,
  PULL_REQUEST_CHECK,
  PULL_REQUEST_COMMAND,
  pullRequestReadiness,
  pullRequestUrl,
  type PullRequestReadiness,
} from './worktreeMode';

// What Tether does in a conversation's repository on the person's behalf, through the
// conversation's shell (`execute_bash_command`, in its working_dir): the server has no git route
// that writes. Each command is in the shell's history like any other.

/** A command that failed: its exit code and what it printed. */
export class CommandFailed extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly output: string,
  ) {
    super(output.trim() || `exit code ${exitCode}`);
  }
}

async function run(workspace: WorkspaceTarget, command: string, timeoutS = 60): Promise<string> {
  const result = await shellClient(workspace.settings).execute(workspace, command, timeoutS);
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.exit_code !== 0) throw new CommandFailed(result.exit_code, output);
  return output;
}

/** The branch the worktree is on now. */
export const readBranch = async (workspace: WorkspaceTarget) => (await run(workspace, BRANCH_COMMAND)).trim();

/** Commits every change with the person's message; answers the new commit's short sha. */
export async function commitAll(
  queryClient: QueryClient,
  workspace: WorkspaceTarget,
  message: string,
): Promise<string> {
  try {
    return (await run(workspace, commitCommand(message))).trim().split('\n').at(-1) ?? '';
  } finally {
    void refreshWorkingTree(queryClient, workspace);
  }
}

export const readPullRequestReadiness = async (workspace: WorkspaceTarget): Promise<PullRequestReadiness> =>
  pullRequestReadiness(
    await run(workspace, PULL_REQUEST_CHECK).catch((error: unknown) => {
      // `command -v gh` fails the whole line when gh is missing; its output still says so.
      if (error instanceof CommandFailed) return error.output;
      throw error;
    }),
  );

/** Pushes the branch and opens a pull request; answers its address, where gh printed one. */
export async function openPullRequest(workspace: WorkspaceTarget): Promise<string | undefined> {
  return pullRequestUrl(await run(workspace, PULL_REQUEST_COMMAND, 120));
}
