import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Tether } from '../app';
import { SecretsDialog } from '../secrets';
import { WorkspacePanel } from '../workspace';
import { openConnected, expect, REAL_SERVER_NAME, startConversation, test } from './fixtures';

// A secret stored in Tether reaches the agent on the real server: its command can use it, and
// the server masks its value in what the agent reads, what is stored and what Tether shows.

const NAME = 'TETHER_DEPLOY_TOKEN';
const VALUE = 'tether-e2e-deploy-9f3a7c';

test('a secret set in Tether reaches the agent’s command, and its value shows nowhere @smoke', async ({
  page,
  server,
  llm,
}) => {
  // The command that names the secret only writes it to a file: the SDK first runs an `export` of
  // it in the terminal session, and the output of the command after that export came back lost
  // in a CI run on both versions (only the bracketed-paste codes, "showing the last 1 lines").
  // The next command does not name it, so nothing is exported before it, and the server masks the
  // value wherever it shows (it masks every value it holds, named or not).
  llm.setScript([
    {
      text: 'Keeping the deploy token for the next step.',
      toolCalls: [
        {
          name: 'terminal',
          arguments: { command: `printf %s "$${NAME}" > deploy-token.txt`, summary: 'Keep the token' },
        },
      ],
    },
    {
      text: 'Checking it.',
      toolCalls: [
        {
          name: 'terminal',
          arguments: {
            command: 'echo "token=$(cat deploy-token.txt)" && echo "length=$(wc -c < deploy-token.txt)"',
            summary: 'Check the deploy token',
          },
        },
      ],
    },
    { text: 'The token is there.' },
  ]);
  const app = new Tether(page);
  const secrets = new SecretsDialog(page);
  const side = new WorkspacePanel(page);
  await openConnected(page, server);
  try {
    await secrets.openFor(REAL_SERVER_NAME);
    await secrets.add(NAME, VALUE, 'Deploys the preview');
    await expect(secrets.entry(NAME)).toContainText('Deploys the preview');
    await secrets.close();
    await app.closeServers();

    const id = await startConversation(page, llm, 'Deploy the preview');
    await expect(app.log.getByText('The token is there.')).toBeVisible({ timeout: 30_000 });
    await side.open();
    await side.tab('Terminal').click();
    // The command had the value (the file holds it), and the output shows it masked.
    const { workspace } = await server.api<{ workspace: { working_dir: string } }>(
      `/api/conversations/${id}`,
    );
    expect(
      readFileSync(join(resolve(server.workspace, workspace.working_dir), 'deploy-token.txt'), 'utf8'),
    ).toBe(VALUE);
    await expect(side.terminal).toContainText('token=<secret-hidden>');
    await expect(side.terminal).toContainText(`length=${VALUE.length}`);

    // Nowhere in the page, the server's events, or what the model was asked.
    expect(await page.content()).not.toContain(VALUE);
    expect(JSON.stringify(await server.events(id))).not.toContain(VALUE);
    expect(JSON.stringify(llm.requests.map((request) => request.body))).not.toContain(VALUE);
  } finally {
    // The worker's server runs later journeys: they start without it.
    await server.api(`/api/settings/secrets/${NAME}`, { method: 'DELETE' }).catch(() => undefined);
  }
});
