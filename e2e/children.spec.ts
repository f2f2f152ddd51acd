import { expect, test } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';

// Work the agent hands on: a child conversation on the same server (a card on the parent that
// follows the child's status and opens it; the child's header leads back), or a task for a
// sub-agent inside the conversation (a card with the brief and the answer).

test('a child conversation is a card with its status, live, that opens it; the child links back', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  await app.setAgentTiming(5, 300);
  const parentId = await app.startConversation('Start a child conversation for the README');
  const card = app.card(/Start a child conversation: Write the README/);
  const status = card.locator('.child-conversation [data-status]');
  // Live: running while the child works, finished once it is done; the parent's step never folds.
  await expect(status).toHaveAttribute('data-status', 'running');
  await expect(status).toHaveAttribute('data-status', 'finished', { timeout: 20_000 });
  await app.expectStatus('finished');
  await expect(card).toBeVisible();
  await card.getByText('The brief').click();
  await expect(card).toContainText('Write a short README for the project in /workspace');
  await expectAccessible(page, 'a child conversation’s card');

  await card.getByRole('link', { name: 'Open “Write the README”' }).click();
  await expect(app.heading).toHaveText('Write the README');
  await expect(app.log.locator('.chat-row.from-user').first()).toContainText(
    'Write a short README for the project in /workspace',
  );
  const back = page.getByRole('link', { name: /^Started by “/ });
  await expect(back).toBeVisible();
  await expectAccessible(page, 'a child conversation');
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${parentId}$`));
  await expect(app.card(/Start a child conversation: Write the README/)).toBeVisible();
});

test('a task handed to a sub-agent is a card with its brief and its answer, never folded away', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  await app.setAgentTiming(5, 100);
  await app.startConversation('Use a sub-agent to find the parser');
  await app.expectStatus('finished');
  const card = app.card(/code-explorer sub-agent: Find the parser/);
  await expect(card).toHaveAttribute('data-state', 'done');
  await expect(card).toContainText('The headers are parsed in parser.py, in parse_header().');
  await card.getByText('The brief').click();
  await expect(card).toContainText('Find where the headers are parsed and say where in one line.');
  await expectAccessible(page, 'a sub-agent’s card');
});
