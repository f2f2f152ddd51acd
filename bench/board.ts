import { expect, test, type Browser, type Page } from '@playwright/test';
import { record, RUNS } from './figures';
import { inboxServers } from './measure';
import { SEED_TIME, SEEDED } from '../mocks/fixtures';

// The board over three servers of 200 conversations each (`?seed=board`, all at rest): what it
// costs the servers (sockets, requests a minute while idle, the first visit's glimpse reads) and
// how soon a person sees its cards, the first time and again from what this browser kept.

const SERVERS = 3;
const PER_SERVER = 200;

/** Sockets the three mock servers have taken, as each server counts them. */
const socketsTaken = (page: Page) =>
  page.evaluate(() =>
    [window.__tetherMock, window.__tetherSecondMock, window.__tetherThirdMock]
      .flatMap((server) => Object.values(server?.connectionsTo ?? {}))
      .reduce((sum, count) => sum + count, 0),
  );

async function boardVisit(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((stored) => localStorage.setItem('tether.connection', stored), inboxServers(3));
  // The board's own reads: its lists (100 a page) and its glimpses (the inbox and the header's
  // health check read on as they do without the board).
  const requests: { host: string; path: string; board: boolean }[] = [];
  let requestsBegun = 0;
  let requestsEnded = 0;
  page.on('requestfinished', () => (requestsEnded += 1));
  page.on('requestfailed', () => (requestsEnded += 1));
  page.on('request', (request) => {
    requestsBegun += 1;
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/'))
      requests.push({ host: url.host, path: url.pathname, board: url.searchParams.get('limit') === '100' });
  });
  // A day after the mock's seeds, whatever today is: the board reads glimpses of conversations
  // changed in the last two weeks only, and on the calendar's clock the mock's oldest drifted out
  // of them (637 of 638 glimpses from 2026-12-01 on, and the figures behind never ran).
  await page.clock.install({ time: SEED_TIME + 24 * 3_600_000 });
  const started = Date.now();
  await page.goto('/board?seed=board');
  await page.locator('.board-card').first().waitFor({ timeout: 60_000 });
  const coldMs = Date.now() - started;
  // Every list read whole (the seeded 600, and the few each mock has of its own)…
  await expect(page.locator('.board-summary')).toContainText(/need/, { timeout: 120_000 });
  const total = Number(
    /^([\d,]+) conversations/.exec(await page.locator('.board-summary').innerText())![1]!.replace(',', ''),
  );
  expect(total).toBeGreaterThanOrEqual(SERVERS * PER_SERVER);
  // …and every card placed: each conversation's newest events read once (nothing runs).
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            Object.keys(JSON.parse(localStorage.getItem('tether.board.glimpses') ?? '{}') as object).length,
        ),
      { timeout: 180_000 },
    )
    .toBe(total);
  const glimpseReads = requests.filter((r) => r.path.endsWith('/events/search')).length;
  // Five idle minutes, on the page's clock.
  const before = requests.length;
  await page.clock.runFor(5 * 60_000);
  // Every read those minutes began has ended: none is left out of the count, none counted late.
  await expect.poll(() => requestsBegun === requestsEnded).toBe(true);
  const idle = requests.slice(before).filter((r) => r.board || r.path.endsWith('/events/search'));
  const hosts = new Set(idle.map((r) => r.host));
  const perServerPerMinute =
    Math.max(...[...hosts].map((host) => idle.filter((r) => r.host === host).length)) / 5;
  const sockets = await socketsTaken(page);

  // Again, from what this browser kept: the inbox's lists and the glimpses.
  const again = await context.newPage();
  const restarted = Date.now();
  await again.goto('/board?seed=board');
  await again.locator('.board-card').first().waitFor({ timeout: 60_000 });
  const keptMs = Date.now() - restarted;
  // The count sees sockets: an open conversation has its one.
  await again.goto(`/s/mock/conversations/${SEEDED.parser}?seed=board`);
  await expect.poll(() => socketsTaken(again)).toBeGreaterThanOrEqual(1);
  await context.close();
  return { coldMs, keptMs, sockets, perServerPerMinute, glimpseReads, total };
}

test('the board of three servers of 200 conversations each (browser)', async ({ browser }) => {
  test.setTimeout(RUNS * 300_000);
  for (let run = 0; run < RUNS; run++) {
    const visit = await boardVisit(browser);
    record('43. board: sockets opened, three servers of 200, none open', 'sockets', 0, visit.sockets);
    record(
      '44. board: its requests a minute to the busiest server, idle',
      'req/min',
      1.5,
      visit.perServerPerMinute,
    );
    record(
      '45. board: first visit, newest-event reads per card',
      'reads',
      1,
      visit.glimpseReads / visit.total,
    );
    record('46. board: first card painted, first visit', 'ms', 2_500, visit.coldMs);
    record('47. board: first card painted again, from what this browser kept', 'ms', 1_500, visit.keptMs);
  }
});
