import { Tether } from '../app';
import { openConnected, expect, startConversation, test } from './fixtures';

// A child conversation the agent starts on the real server: a card on the parent's row with the
// child's status, live, that opens it; the child's header links back.

test('a child conversation the agent starts is a card that opens it; the child links back @smoke', async ({
  page,
  server,
  llm,
}) => {
  // The parent's and the child's requests take the script's turns in whatever order they come:
  // every turn after the launch is the same answer.
  llm.setScript([
    {
      text: 'Handing the docs to a child conversation.',
      toolCalls: [
        {
          name: 'start_child_conversation',
          arguments: {
            task: 'Write a short README for the project in this folder.',
            title: 'Write the README',
            isolation: 'shared',
          },
        },
      ],
    },
    { text: 'All done.' },
    { text: 'All done.' },
  ]);
  const app = new Tether(page);
  await openConnected(page, server);
  const parentId = await startConversation(page, llm, 'Get the docs written');
  const card = app.card(/Start a child conversation: Write the README/);
  await expect(card).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const open = card.getByRole('link', { name: 'Open “Write the README”' });
  await expect(open).toBeVisible();
  // Read again while it runs: it ends finished, with the answer.
  await expect(card.locator('.child-conversation [data-status]')).toHaveAttribute('data-status', 'finished', {
    timeout: 30_000,
  });
  await card.getByText('The brief').click();
  await expect(card.getByText('Write a short README for the project in this folder.')).toBeVisible();

  await open.click();
  await expect(app.heading).toHaveText('Write the README');
  await expect(app.log.getByText('Write a short README for the project in this folder.')).toBeVisible();
  await expect(app.log.getByText('All done.')).toBeVisible();
  const back = page.getByRole('link', { name: /^Started by “/ });
  await expect(back).toBeVisible();
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${parentId}$`));
  await expect(app.card(/Start a child conversation: Write the README/)).toBeVisible();
});
