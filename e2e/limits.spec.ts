import { expect, test } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';
import { Board } from './boarding';
import { Limits } from './limiting';

// A budget and a step limit that stop the run: set at the start or later, held by Tether while
// the conversation is open, said in the transcript at the stop, raised to go on.

type Stats = { usage_to_metrics: Record<string, { accumulated_cost: number }> };

test('a budget set at the start stops the run at the model call that reaches it; raised, the run goes on', async ({
  page,
}) => {
  const app = new Tether(page);
  const limits = new Limits(page);
  await app.open();
  await app.setAgentTiming(20, 300);
  // Each of the mock's model calls costs about $0.0003: the second reaches the budget.
  await limits.setAtStart({ budget: '0.0005' });
  // Closed again, the section keeps what was typed in it: the budget still goes with the start.
  await page.getByText('Budget and step limit (optional)').click();
  const id = await app.startConversation('Note the limits in the README');

  await expect(limits.stopNote).toHaveText(
    /^Tether stopped the run at its budget: \$0\.000\d spent of \$0\.0005\. Raise the budget and continue$/,
    { timeout: 20_000 },
  );
  await app.expectStatus('paused');
  const stats = (await app.mock(
    (server) => server.store.get(location.pathname.split('/').at(-1)!)!.info.stats,
  )) as Stats;
  const spent = Object.values(stats.usage_to_metrics).reduce((sum, part) => sum + part.accumulated_cost, 0);
  // Stopped within one model call of the budget: two calls made, the answer never asked for.
  expect(spent).toBeGreaterThanOrEqual(0.0005);
  expect(spent).toBeLessThan(0.001);
  await expect(page.getByRole('log').getByText(/^Done\. I looked at the workspace/)).toHaveCount(0);
  // The header's meter warns past 80 %, in words.
  await expect(limits.meter).toHaveAccessibleName(
    /^Budget: \$0\.000\d of \$0\.0005 spent · \d+% of the budget spent$/,
  );
  await expectAccessible(page, 'a run stopped at its budget');

  // The board holds the stopped run as needing the person, at its stop.
  const board = new Board(page);
  await board.openWithKeys();
  const card = board
    .column('Needs you')
    .getByRole('article')
    .filter({ hasText: 'Stopped at its budget or step limit' });
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: 'Open at this event' }).click();

  // After a reload the transcript still says why.
  await page.reload();
  await expect(limits.stopNote).toContainText('Tether stopped the run at its budget', { timeout: 20_000 });

  await limits.stopNote.getByRole('button', { name: 'Raise the budget and continue' }).click();
  await expect(limits.dialog).toBeVisible();
  await expect(limits.dialog.getByLabel('Budget, in US dollars')).toHaveValue('0.0005');
  await expectAccessible(page, 'the limits dialog');
  await limits.fill(limits.dialog, { budget: 'a lot' });
  await limits.dialog.getByRole('button', { name: 'Save and continue' }).click();
  await expect(
    limits.dialog.getByText('A budget is an amount in dollars above zero, such as 2.50.'),
  ).toBeVisible();
  await limits.fill(limits.dialog, { budget: '1' });
  await limits.dialog.getByRole('button', { name: 'Save and continue' }).click();
  await expect(limits.dialog).toBeHidden();
  await app.expectStatus('finished');
  await expect(page.getByRole('log').getByText(/^Done\. I looked at the workspace/)).toBeVisible();
  const tags = await app.mock((server) => server.store.get(location.pathname.split('/').at(-1)!)!.info.tags);
  expect(tags).toMatchObject({ tetherbudget: '1' });
  expect(id).toBeTruthy();
});

test('a step limit set later, from the tools menu, stops the next run after that many model calls', async ({
  page,
}) => {
  const app = new Tether(page);
  const limits = new Limits(page);
  await app.open();
  await app.setAgentTiming(10, 200);
  await app.startConversation('Look around');
  await app.expectStatus('finished');

  const dialog = await limits.openFromTools();
  await limits.fill(dialog, { steps: '1.5' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A step limit is a whole number above zero, such as 40.')).toBeVisible();
  await limits.fill(dialog, { steps: '1' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await app.composer.fill('Now note it again');
  await app.composer.press('Enter');
  await expect(limits.stopNote).toHaveText(
    'Tether stopped the run at its step limit: 1 step of 1. Raise the limit and continue',
    { timeout: 20_000 },
  );
  await app.expectStatus('paused');
  // No budget: no meter.
  await expect(limits.meter).toHaveCount(0);
  await expect(await limits.toolsLine()).toHaveText('Limits 1 step a run');
});
