import { Tether } from '../app';
import { SecretsDialog } from '../secrets';
import { WorkspacePanel } from '../workspace';
import { connect, expect, REAL_SERVER_NAME, startConversation, test } from './fixtures';

// A secret stored in Tether reaches the agent on the real server: its command can use it, and
// the server masks its value in what the agent reads, what is stored and what Tether shows.

const NAME = 'TETHER_DEPLOY_TOKEN';
const VALUE = 'tether-e2e-deploy-9f3a7c';

test('a secret set in Tether reaches the agent’s command, and its value shows nowhere @smoke', async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([
    {
      text: 'Checking the deploy token.',
      toolCalls: [
        {
          name: 'terminal',
          arguments: {
            command: `echo "token=$${NAME}" && echo "length=$(printf %s "$${NAME}" | wc -c)"`,
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
  await connect(page, server);
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
    // The command had the value (its length is printed), and its output shows it masked.
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
