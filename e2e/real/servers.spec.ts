import { serverIdFor } from '../../src/agent-server/servers';
import { SEEDED, Tether } from '../app';
import {
  connect,
  expect,
  expectRowsMatch,
  REAL_SERVER_NAME,
  SESSION_KEY,
  startConversation,
  test,
} from './fixtures';

// Several servers in one inbox, one of them real: the built-in mock stays beside it.

test('the real server and the built-in mock in one inbox, each conversation live on its own server', async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([{ text: 'Hello from the real server.' }]);
  const app = new Tether(page);
  await connect(page, server, SESSION_KEY, { keepMock: true });
  await expect(page.getByRole('banner').getByRole('status').first()).toHaveText(
    'Connected to 2 of 2 servers',
    {
      timeout: 30_000,
    },
  );
  await page.getByLabel('Server', { exact: true }).selectOption({ label: REAL_SERVER_NAME });
  const id = await startConversation(page, llm, 'Say hello');
  const realId = serverIdFor(server.url, ['mock']);
  await expect(page).toHaveURL(`/s/${realId}/conversations/${id}`);
  await expect(app.log.getByText('Hello from the real server.')).toBeVisible({ timeout: 30_000 });
  await expectRowsMatch(page, server, id);

  // Both servers' conversations in the one list, each named with its server.
  await expect(app.listItem(id)).toContainText(REAL_SERVER_NAME);
  await expect(app.listItem(SEEDED.parser)).toContainText('Built-in mock');

  // Over to the mock and back: the real conversation's rows again, none missing, none twice.
  await app.listItem(SEEDED.parser).getByRole('link').click();
  await expect(app.heading).toHaveText('Fix header parsing');
  await page.goBack();
  await expect(app.log.getByText('Hello from the real server.')).toBeVisible();
  await expectRowsMatch(page, server, id);
  await page.reload();
  await expect(app.log.getByText('Hello from the real server.')).toBeVisible();
  await expectRowsMatch(page, server, id);
});
