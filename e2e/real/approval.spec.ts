import { Tether } from '../app';
import { openConnected, expect, startConversation, test } from './fixtures';

// Approval against the real server: a rejection's reason is what the agent reads next.

test('a rejection reason reaches the agent', async ({ page, server, llm }) => {
  llm.setScript([
    { text: 'Hello, ready.' },
    {
      text: 'I will clean the build.',
      toolCalls: [
        { name: 'terminal', arguments: { command: 'rm -rf build', summary: 'Remove the build folder' } },
      ],
    },
    { text: 'Understood, I will not remove it.' },
  ]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Hello');
  const app = new Tether(page);
  await expect(page.getByRole('log').getByText('Hello, ready.')).toBeVisible({ timeout: 30_000 });
  await app.setApproval('Ask for every action');
  await expect
    .poll(async () => (await server.conversation(id)).confirmation_policy?.kind, { timeout: 10_000 })
    .toBe('AlwaysConfirm');
  await app.send('Clean the build');
  await app.reject('Keep the build folder: the release needs it.');
  const card = page.locator('[data-tool-call-id]').filter({ hasText: 'Remove the build folder' });
  await expect(card).toHaveAttribute('data-state', 'rejected', { timeout: 30_000 });
  await expect(card).toContainText('Keep the build folder: the release needs it.');

  await app.setApproval('Never ask');
  await app.send('Fine?');
  await expect(page.getByRole('log').getByText('Understood, I will not remove it.')).toBeVisible({
    timeout: 30_000,
  });
  expect(JSON.stringify(llm.requests.at(-1)?.body.messages)).toContain(
    'Keep the build folder: the release needs it.',
  );
});
