import type { QueryClient } from '@tanstack/react-query';
import { agentServerClients } from '../../agent-server/client';
import { shellClient } from '../../agent-server/shell';
import { workspaceClient } from '../../agent-server/workspace';
import { restoredAsPlanned, type RestoreStep } from '../turns/restorePlan';
import { shellWord } from '../shellWord';
import { readFileTexts } from './fileTexts';
import { refreshWorkingTree, type WorkspaceTarget } from './workspace';

// Putting a turn's files back through the agent-server: each file's text now (the file routes),
// each step (an upload writes a text back; a file the turn created is removed with `rm` in the
// conversation's shell, the only route that removes one), a read of each file afterwards to see
// it is as before the turn, and a note in the conversation for the agent to read (sent without a
// run: the agent reads it with the next message).

/**
 * Takes the steps, one by one, then reads each file again. Answers the paths that are not as
 * before the turn (empty when all are); throws when the server refused a step.
 */
export async function putBack(
  queryClient: QueryClient,
  workspace: WorkspaceTarget,
  steps: readonly RestoreStep[],
): Promise<string[]> {
  const files = workspaceClient(workspace.settings);
  try {
    for (const step of steps) {
      if (step.kind === 'write') {
        const name = step.path.slice(step.path.lastIndexOf('/') + 1);
        await files.upload(workspace, {
          path: step.path,
          file: new Blob([step.text]),
          fileName: name,
          onProgress: () => {},
        });
      } else {
        const output = await shellClient(workspace.settings).execute(
          workspace,
          `rm -f -- ${shellWord(step.path)}`,
        );
        if (output.exit_code !== 0) throw new Error(output.stderr?.trim() || `rm ${step.path}`);
      }
    }
  } finally {
    void refreshWorkingTree(queryClient, workspace);
  }
  return restoredAsPlanned(
    steps,
    await readFileTexts(
      workspace,
      steps.map((step) => step.path),
    ),
  );
}

/** A message in the conversation that does not start the agent: it reads it with the next one. */
export async function noteInConversation(workspace: WorkspaceTarget, text: string): Promise<void> {
  await agentServerClients(workspace.settings).conversations.sendEvent(
    workspace.conversationId,
    { role: 'user', content: [{ type: 'text', text }] } as never,
    { run: false },
  );
}
