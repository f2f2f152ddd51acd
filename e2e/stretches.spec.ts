import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';

// Finished steps of the agent fold into one line; what needs a look stays open.

test('finished steps fold into one line that says what was done; a click shows them', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  const stretch = app.log.getByRole('button', { name: 'Ran 1 command · edited 1 file (2 steps)' });
  await expect(stretch).toHaveAttribute('aria-expanded', 'false');
  // Folded steps are not drawn: their line stands for them.
  const edit = app.card(/str_replace \/workspace\/parser\.py/);
  await expect(edit).toHaveCount(0);
  // The failed test run and the final answer stay open.
  await expect(app.card(/Run the parser tests/)).toBeVisible();
  await expect(app.log.getByText('it now splits on the first colon only.')).toBeVisible();
  await expectAccessible(page, 'a conversation with folded steps');

  await stretch.click();
  await expect(stretch).toHaveAttribute('aria-expanded', 'true');
  await expect(edit).toBeVisible();
  await expect(edit).toHaveAttribute('data-state', 'done');
  await expect(app.card(/python -m pytest -q/)).toBeVisible();
  await expectAccessible(page, 'a conversation with a stretch opened');
  await stretch.click();
  await expect(edit).toHaveCount(0);
});

test('rejected, failed and interrupted calls never fold; “Show every step” is remembered', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.gallery);
  await app.scroller.evaluate((el) => (el.scrollTop = 0));
  await expect(app.card(/rm -rf build/)).toBeVisible();
  await expect(app.card(/rm -rf build/)).toHaveAttribute('data-state', 'rejected');
  await expect(app.card(/Read a file that is not there/)).toBeVisible();
  await expect(app.card(/^terminal\s*ls/)).toBeHidden();

  await app.showEveryStep();
  await expect(app.card(/^terminal\s*ls/)).toBeVisible();
  await expect(app.log.getByRole('button', { name: /\(\d+ steps?\)$/ })).toHaveCount(0);
  await app.openConversation(SEEDED.gallery);
  await app.scroller.evaluate((el) => (el.scrollTop = 0));
  await expect(app.card(/^terminal\s*ls/)).toBeVisible();
  await page.getByRole('button', { name: 'Fold finished steps' }).click();
  await expect(app.card(/^terminal\s*ls/)).toBeHidden();
});

test('a live run folds each step once it is done, and keeps the running one open', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  // Each tool runs until the journey has seen it running, however loaded the machine.
  await app.setAgentTiming(20, 0);
  await app.mock((server) => (server.agent.toolsHeld = true));
  await app.startConversation('Fold as you go');
  // The first command runs: open. Then it is done and the edit runs: the command folds.
  await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'running');
  await expect(app.card(/ls -la/)).toBeVisible();
  await app.mock((server) => server.agent.releaseTools(1));
  await expect(app.card(/str_replace/)).toHaveAttribute('data-state', 'running');
  await expect(app.card(/ls -la/)).toBeHidden();
  await expect(app.log.getByRole('button', { name: 'Ran 1 command (1 step)' })).toBeVisible();
  await app.mock((server) => server.agent.releaseTools(1));
  await app.expectStatus('finished');
  await expect(
    app.log.getByRole('button', { name: 'Ran 1 command · edited 1 file (2 steps)' }),
  ).toBeVisible();
});

test('find opens the folded stretch its match is in, and paints the match', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  const stretch = app.log.getByRole('button', { name: 'Ran 1 command · edited 1 file (2 steps)' });
  await expect(stretch).toHaveAttribute('aria-expanded', 'false');
  await app.scroller.focus();
  await page.keyboard.press('ControlOrMeta+f');
  // Only the folded passing run printed this.
  await page.getByRole('searchbox', { name: 'Find in the conversation' }).fill('in 2.31s');
  await expect(stretch).toHaveAttribute('aria-expanded', 'true');
  await expect(app.log.getByText('148 passed in 2.31s')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => (CSS.highlights.get('find-current') as unknown as { size: number })?.size ?? 0),
    )
    .toBe(1);
});
