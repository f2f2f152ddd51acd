import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { BENCH } from '../mocks/fixtures';
import {
  listRequests,
  openInbox,
  domElementCount,
  NOT_DRAWN_WHEN_COUNTED_APART,
  FIRST_LOAD_BUDGET,
  loadedAssetBytes,
  openConversation,
  roundTripsBeforeFirstRows,
  serverRequestsUntilIdle,
} from '../bench/measure';
import { MOCK_SERVER_URL } from '../src/agent-server/servers';

// The deterministic budgets of `npm run bench`, checked on every test run so a regression
// cannot land. (The timing figures are printed by the bench and do not fail CI.)

test('a 10,000-event conversation keeps the page under 3,000 DOM elements (2,967 drawn)', async ({
  page,
}) => {
  await openConversation(page, BENCH.events10k);
  expect(await domElementCount(page)).toBeLessThanOrEqual(3000 - NOT_DRAWN_WHEN_COUNTED_APART);
  await page.locator('.chat-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  // The rows drawn for the new position are in once two frames have passed after the scroll.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expect(page.locator('.chat-row-slot').first()).not.toHaveAttribute('data-index', '0');
  expect(await domElementCount(page)).toBeLessThanOrEqual(3000 - NOT_DRAWN_WHEN_COUNTED_APART);
});

test('the JS and CSS loaded before the first conversation is usable stay at what React 19 made them', async ({
  page,
}) => {
  await openConversation(page, BENCH.events10);
  const { app } = await loadedAssetBytes(page);
  expect(app).toBeGreaterThan(10_000);
  expect(app).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
});

test('the newest messages are painted after at most two sequential round trips', async ({ page }) => {
  await openConversation(page, BENCH.events10k);
  const roundTrips = await roundTripsBeforeFirstRows(page, new URL(MOCK_SERVER_URL).host);
  // The history request starts at once, waiting for neither the health check nor the list.
  expect(roundTrips).toBeGreaterThanOrEqual(1);
  expect(roundTrips).toBeLessThanOrEqual(2);
});

test('opening 1,000 events asks only for what the screen shows, and draws under 600 elements (567 drawn)', async ({
  page,
}) => {
  await openConversation(page, BENCH.events1k);
  const requests = await serverRequestsUntilIdle(page, new URL(MOCK_SERVER_URL).host);
  const forConversation = requests.filter((r) => r === 'socket' || r.includes(BENCH.events1k));
  // The newest page, the info (which also tells HEAD), the read between that page and the
  // socket, the socket.
  expect(
    forConversation.filter((r) => r.includes('/events/search')),
    'no older page',
  ).toHaveLength(2);
  expect(
    forConversation.filter((r) => r.endsWith(BENCH.events1k)),
    'one read of the info',
  ).toHaveLength(1);
  expect(forConversation.length).toBeLessThanOrEqual(4);
  // The health check reads the server's info; the socket's choice by its version takes that read.
  expect(
    requests.filter((r) => r.startsWith('/server_info')),
    'one read of the server’s info',
  ).toHaveLength(1);
  // Folded steps draw their one line, not the steps.
  expect(await domElementCount(page)).toBeLessThanOrEqual(600 - NOT_DRAWN_WHEN_COUNTED_APART);
  // Opened again, it takes what the server said of itself from this browser: its health is the
  // key's proof alone.
  await openConversation(page, BENCH.events1k);
  const again = await serverRequestsUntilIdle(page, new URL(MOCK_SERVER_URL).host);
  expect(
    again.filter((r) => r.startsWith('/server_info')),
    'no read of the server’s info',
  ).toHaveLength(0);
  expect(again.filter((r) => r.startsWith('/api/conversations/count'))).not.toHaveLength(0);
});

test('the inbox asks every server for its first page at once, never one after another', async ({
  browser,
}) => {
  const { page } = await openInbox(browser, 3);
  await expect(page.locator('.conversation-list li[data-server-id="third"]').first()).toBeAttached();
  const firsts = await listRequests(page);
  expect(new Set(firsts.map((r) => r.host)).size, firsts.map((r) => r.host).join(', ')).toBe(3);
  // Every first page was asked for before any of them had its answer.
  expect(Math.max(...firsts.map((r) => r.start))).toBeLessThan(Math.min(...firsts.map((r) => r.end)));
  await page.context().close();
});

/**
 * When the inbox's chunk was asked for, and when the page's parsing ended (`domInteractive`): a
 * chunk `index.html` preloads is asked for while the head is parsed; one the app imports, only
 * after its scripts run, which is after the parsing ended. (Not the entry script's arrival: on
 * loopback it can arrive before the preload leaves.)
 */
const inboxAndParsing = (page: Page) =>
  page.evaluate(() => ({
    inboxAskedAt: performance
      .getEntriesByType('resource')
      .find((resource) => /\/idleParts-[\w-]+\.js$/.test(resource.name))?.startTime,
    parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
  }));

test("the inbox's code is asked for with the page's scripts on the inbox, and later on a conversation", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  // Asked for with the page's own scripts, before any of them ran: one round trip, not two.
  const inbox = await inboxAndParsing(page);
  expect(inbox.inboxAskedAt).toBeLessThan(inbox.parsed);
  // On a conversation its rows come first: the inbox's code waits for them.
  await openConversation(page, BENCH.events10);
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  const conversation = await inboxAndParsing(page);
  expect(conversation.inboxAskedAt).toBeGreaterThan(conversation.parsed);
});
