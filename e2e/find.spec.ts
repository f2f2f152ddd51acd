import { expect, test, type Page } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { startWithPastedLog } from './longMessage';

// Find in the conversation: Tether's bar on Ctrl/Cmd+F, because the browser's find cannot see
// rows the virtualised list has not drawn.

const findBar = (page: Page) => page.getByRole('search', { name: 'Find in the conversation' });
const findInput = (page: Page) => page.getByRole('searchbox', { name: 'Find in the conversation' });
/** How many ranges the find highlight paints now. */
const painted = (page: Page, name: 'find-match' | 'find-current') =>
  page.evaluate(
    (key) => (CSS.highlights.get(key) as unknown as { size: number } | undefined)?.size ?? 0,
    name,
  );

async function openFind(app: Tether) {
  await app.scroller.focus();
  await app.page.keyboard.press('ControlOrMeta+f');
  await expect(findInput(app.page)).toBeFocused();
}

test('Ctrl+F finds in messages, commands and outputs; Enter and Shift+Enter step; each is highlighted', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await openFind(app);
  await expectAccessible(page, 'find bar');
  await page.keyboard.type('PYTEST');
  const count = findBar(page).locator('#find-count');
  // The two test commands, without case.
  await expect(count).toHaveText('1 of 2');
  await expect.poll(() => painted(page, 'find-current')).toBeGreaterThan(0);
  await page.keyboard.press('Enter');
  await expect(count).toHaveText('2 of 2');
  await page.keyboard.press('Shift+Enter');
  await expect(count).toHaveText('1 of 2');
  await page.keyboard.press('Shift+Enter');
  await expect(count).toHaveText('2 of 2');
  await findInput(page).fill('no such words anywhere');
  await expect(count).toHaveText('No matches');
  await expect.poll(() => painted(page, 'find-current')).toBe(0);
});

test('a match in folded output unfolds it; one in closed thinking opens it', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.oddities);
  await openFind(app);
  await page.keyboard.type('line 19999:');
  await expect(findBar(page).locator('#find-count')).toHaveText('1 of 1');
  const card = app.card(/line 1: x/);
  await expect(card.getByRole('button', { name: 'Show less' })).toBeVisible();
  await expect(card.getByText(/line 19999: x/)).toBeVisible();

  await app.openConversation(SEEDED.parser);
  await openFind(app);
  const thinking = app.log.locator('details.thinking').filter({ hasText: 'a colon inside the value' });
  await expect(thinking).not.toHaveAttribute('open', '');
  await page.keyboard.type('colon inside the value');
  await expect(thinking).toHaveAttribute('open', '');
});

test('a match in a folded long message unfolds it, and it stays open', async ({ page }) => {
  const app = new Tether(page);
  const message = await startWithPastedLog(app, 'error: linking failed at the very last line');
  await expect(message).not.toContainText('very last line');
  await openFind(app);
  await page.keyboard.type('linking failed');
  await expect(findBar(page).locator('#find-count')).toHaveText('1 of 1');
  await expect(message.getByText(/error: linking failed at the very last line/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(findBar(page)).toBeHidden();
  await expect(message).toContainText('error: linking failed at the very last line');
});

/** Older history pages the page has read (the server's find asks with `body`, and is not one). */
const olderPagesRead = (page: Page) =>
  page.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .filter(
          ({ name }) =>
            name.includes('/events/search') && name.includes('page_id=') && !name.includes('body='),
        ).length,
  );

test('a match in history not loaded yet is found by the server and loaded on request', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.long);
  await openFind(app);
  // Typed at a person's pace: each query on the way (c, ch, che…) has its matches, and none may
  // take the view to the top of what is loaded and load older pages by itself.
  await page.keyboard.type('check module 1.', { delay: 150 });
  await expect(findBar(page).locator('#find-count')).toHaveText('No matches');
  await findBar(page).getByRole('button', { name: '1 more in older messages: go to the nearest' }).click();
  await expect(findBar(page).locator('#find-count')).toHaveText('1 of 1', { timeout: 30_000 });
  await expect(app.log.getByText('Step 1: check module 1.')).toBeVisible();
});

test('Enter goes to a match in history not loaded yet, reading only the pages up to it', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.long);
  // How far back the message is, in the server's pages of 100 events.
  const { back, total } = await app.mock((server) => {
    const events = server.store.conversations.get('3f1c2a4e-0000-4000-8000-000000000007')!.events;
    const at = events.findIndex((event) => JSON.stringify(event).includes('Step 300: check module 300.'));
    return { back: events.length - at, total: events.length };
  });
  const pagesNeeded = Math.ceil(back / 100) - 1;
  const allPages = Math.ceil(total / 100) - 1;
  expect(pagesNeeded).toBeGreaterThan(2);
  expect(pagesNeeded).toBeLessThan(allPages - 5);
  await openFind(app);
  await page.keyboard.type('check module 300.');
  await expect(findBar(page).locator('#find-count')).toHaveText('No matches');
  await expect(findBar(page).getByRole('button', { name: /^1 more in older messages/ })).toBeVisible();
  const before = await olderPagesRead(page);
  await page.keyboard.press('Enter');
  await expect(findBar(page).locator('#find-count')).toHaveText('1 of 1', { timeout: 30_000 });
  await expect(app.log.getByText('Step 300: check module 300.')).toBeVisible();
  const read = (await olderPagesRead(page)) - before;
  expect(read).toBeGreaterThanOrEqual(pagesNeeded);
  expect(read).toBeLessThanOrEqual(pagesNeeded + 1);
  await expect(findBar(page).getByRole('button', { name: /more in older messages/ })).toHaveCount(0);
});

test('Enter pressed at once after typing is kept until the server has searched older history', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.long);
  await openFind(app);
  // The words arrive in one go and Enter follows in the same breath: before the server's search
  // for older history was even asked.
  await findInput(page).fill('check module 300.');
  await page.keyboard.press('Enter');
  await expect(findBar(page).locator('#find-count')).toHaveText('1 of 1', { timeout: 30_000 });
  await expect(app.log.getByText('Step 300: check module 300.')).toBeVisible();
});

test('Esc closes the find bar and only the bar: a run goes on', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.setAgentTiming(40, 60_000);
  await app.send('Tidy up');
  await app.expectStatus('running');
  await openFind(app);
  await page.keyboard.type('parser');
  await page.keyboard.press('Escape');
  await expect(findBar(page)).toBeHidden();
  await expect(app.scroller).toBeFocused();
  await app.expectStatus('running');
});
