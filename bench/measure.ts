import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { MOCK_SERVER_URL, SECOND_MOCK_SERVER_URL, THIRD_MOCK_SERVER_URL } from '../src/agent-server/servers';
import { THIRD_MOCK_KEY } from '../mocks/fixtures';

// Measurements taken in the browser, shared by `npm run bench` and the budget checks.

export const BENCH_SEED = '?seed=bench';

const watched = new WeakSet<Page>();

/**
 * Notes, in the page, the moment the first element matching `selector` enters the DOM (a mutation
 * observer runs before the next paint, and before any idle-time work it starts), as `window[at]`,
 * and the end of the frame that paints it (a task queued from that frame's animation callback),
 * as `window[paintedAt]`.
 */
async function watchFirst(page: Page, selector: string, at: string, paintedAt: string): Promise<void> {
  await page.addInitScript(
    ([selector, at, paintedAt]) => {
      const times = window as unknown as Record<string, number>;
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        times[at] = performance.now();
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (times[paintedAt] = performance.now())));
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    [selector, at, paintedAt] as const,
  );
}

/** The page's clock at `window[key]`, once it is set. */
const clockedAt = (page: Page, key: string) =>
  page
    .waitForFunction((name) => (window as unknown as Record<string, number>)[name], key)
    .then((handle) => handle.jsonValue() as Promise<number>);

/** The first conversation rows: `__firstRowsAt`, and the frame that paints them. */
export async function watchFirstRows(page: Page): Promise<void> {
  if (watched.has(page)) return;
  watched.add(page);
  await watchFirst(page, '.chat-row[data-event-id]', '__firstRowsAt', '__firstRowsPaintedAt');
}

/**
 * Navigation to the end of the frame that painted the first rows, as the page clocked it: what
 * the reader waits for, without the test's own round trips to notice it (openConversation's
 * figure adds those, 5 to 40 ms).
 */
export const firstRowsPaintedAt = (page: Page) => clockedAt(page, '__firstRowsPaintedAt');

/** The inbox's first row: `__firstListRowAt`, and the frame that paints it. */
export const watchFirstListRow = (page: Page) =>
  watchFirst(
    page,
    '.conversation-list li[data-conversation-id]',
    '__firstListRowAt',
    '__firstListRowPaintedAt',
  );

/** Navigation to the end of the frame that painted the inbox's first row. */
export const firstListRowPaintedAt = (page: Page) => clockedAt(page, '__firstListRowPaintedAt');

/**
 * Opens a conversation and returns ms from navigation to its first rows on screen, as the test
 * notices them. The page is asked in each of its frames: a locator's wait asks again only after
 * 20, 50, 100, 100 and then 500 ms, so what it measured depended on when its asking began (the
 * load event) as much as on the rows, and rows painted at one moment were noticed 50 to 220 ms
 * later (docs/opening.md).
 */
export async function openConversation(page: Page, conversationId: string): Promise<number> {
  await watchFirstRows(page);
  const started = Date.now();
  await page.goto(`/s/mock/conversations/${conversationId}${BENCH_SEED}`);
  await waitForVisibleRowEachFrame(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  return Date.now() - started;
}

/** Resolves in the first frame with a conversation row in the layout and not hidden. */
async function waitForVisibleRowEachFrame(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('.chat-row[data-event-id]')).some((row) => {
        const box = row.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && row.checkVisibility({ visibilityProperty: true });
      }),
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
}

/** The elements drawn: the body's, at any depth. */
export async function domElementCount(page: Page): Promise<number> {
  return page.evaluate(() => document.body.getElementsByTagName('*').length);
}

/**
 * The JS and CSS loaded before the first conversation is usable, gzip: what the app cost on React
 * 19 at the end of the day it went back (151,248 B on 2026-11-28), re-based once on 2026-11-29
 * (152,091 B: the reducer's parts and lazy parts drawn without suspending, which waited no
 * longer), and again the same day for a conversation's limits and plan (153,300 B: what asks
 * whether a conversation has limits or a plan; the rest loads when it has), and for review
 * comments (153,602 B: where a diff's comments go, and the tray's lazy slot), and for worktrees
 * (153,830 B: a branch in the list, and the header's lazy slot for it), and for planning the next
 * turn first and a plan's second opinion (153,987 B: its command, one slot for a plan and the word
 * on one being written, and one more lazy chunk's name in the entry's map), with 60 B for the
 * hashes in the entry's chunk names, which change with any lazy chunk (a mock-only change moved the
 * figure 12 B); and for `ServerEvent` as a true tagged union (154,151 B: the gate's list of the
 * kinds it knows); and for a second opening's 6 kB less from the agent-server (154,315 B from
 * 154,188 B: a conversation's info taken from the list read under way, and the name of the lazy
 * chunk that keeps each conversation's first asked line in this browser); and for two of marked's
 * rules of reading a list that the lexer lacked (154,402 B: a fuzz finding, docs/first-load.md);
 * and for a server's details kept in this browser (154,723 B: 1.4 kB less on each opening and
 * each health check); and for a conversation's kept look, painted before any script (154,971 B:
 * the view's part in it; its keeping loads at the first idle moment); and for the chat made inert
 * under a phone's open drawer (155,067 B: the drawer closed when the window widens).
 * Bytes count through the time a person waits; the budget keeps them from growing unseen
 * (docs/first-load.md).
 */
export const FIRST_LOAD_BUDGET = 155_127;

/**
 * What the count left out when it moved from the whole page to the body (2026-11-27): the html,
 * head and body elements and the head's 30 (opening 1,000 events). A `<link rel=modulepreload>`
 * for each lazily loaded chunk is no element drawn, and counting them penalised loading lazily.
 * The budgets of elements drawn are the page budgets less these, so none was loosened.
 */
export const NOT_DRAWN_WHEN_COUNTED_APART = 33;

/**
 * Gzip bytes of the app's own JS and CSS the page asked for before its first conversation rows
 * were on screen (see openConversation): the dist files, compressed here as a server would.
 * Chunks asked for later (the code highlighter, in idle time) are not in it. The built-in mock
 * agent-server's chunk is counted apart: a page on a real server never loads it.
 */
export async function loadedAssetBytes(page: Page, distDir = 'dist'): Promise<{ app: number; mock: number }> {
  const urls = await page.evaluate(() => {
    const usableAt = (window as { __firstRowsAt?: number }).__firstRowsAt ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= usableAt)
      .map((entry) => entry.name);
  });
  const sizes = { app: 0, mock: 0 };
  for (const url of new Set(urls)) {
    const path = new URL(url).pathname;
    if (!/\.(js|css)$/.test(path)) continue;
    const file = join(distDir, path);
    if (!existsSync(file)) continue;
    const bytes = gzipSync(readFileSync(file), { level: 9 }).length;
    if (/\/mockAgentServer-[^/]+\.js$/.test(path) || path.endsWith('mockServiceWorker.js'))
      sizes.mock += bytes;
    else sizes.app += bytes;
  }
  // The entry script is referenced by index.html; it is in the resource list like the others.
  return sizes;
}

/**
 * The longest chain of agent-server requests, each sent only after the one before it had its
 * answer, among those answered before the first conversation rows were on screen (see
 * openConversation): how many round trips the first screen waited for, at the most.
 */
export async function roundTripsBeforeFirstRows(page: Page, serverHost: string): Promise<number> {
  const requests = await page.evaluate((host) => {
    const usableAt = (window as { __firstRowsAt?: number }).__firstRowsAt ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).host === host && entry.startTime <= usableAt)
      .map((entry) => ({ start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd }));
  }, serverHost);
  const depth = new Map<number, number>();
  const sorted = requests.map((r, index) => ({ ...r, index })).sort((a, b) => a.start - b.start);
  for (const request of sorted) {
    const before = sorted
      .filter((other) => other.end < request.start)
      .map((other) => depth.get(other.index) ?? 1);
    depth.set(request.index, 1 + Math.max(0, ...before));
  }
  return Math.max(0, ...depth.values());
}

/**
 * What the page asked the agent-server for, from navigation until it has asked for nothing more
 * for a second: each HTTP request (its path and query, from resource timing) and each socket
 * (which resource timing does not list: the built-in mock counts them).
 */
export async function serverRequestsUntilIdle(page: Page, serverHost: string): Promise<string[]> {
  const read = () =>
    page.evaluate(
      (host) => ({
        http: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).host === host)
          .map((entry) => {
            const url = new URL(entry.name);
            return `${url.pathname}${url.search}`;
          }),
        sockets: Object.values(window.__tetherMock?.connectionsTo ?? {}).reduce((a, b) => a + b, 0),
      }),
      serverHost,
    );
  let seen = await read();
  for (let quiet = 0; quiet < 4;) {
    await page.waitForTimeout(250);
    const now = await read();
    quiet = now.http.length === seen.http.length && now.sockets === seen.sockets ? quiet + 1 : 0;
    seen = now;
  }
  return [...seen.http, ...Array.from({ length: seen.sockets }, () => 'socket')];
}

/** The three built-in mocks as the servers list keeps them, the third with its key. */
export function inboxServers(count: 1 | 3) {
  const servers = [
    { id: 'mock', name: 'Built-in mock', serverUrl: MOCK_SERVER_URL, sessionApiKey: '' },
    { id: 'second', name: 'Second', serverUrl: SECOND_MOCK_SERVER_URL, sessionApiKey: '' },
    { id: 'third', name: 'Third', serverUrl: THIRD_MOCK_SERVER_URL, sessionApiKey: THIRD_MOCK_KEY },
  ].slice(0, count);
  return JSON.stringify({ state: { servers, defaultServerId: 'mock' }, version: 2 });
}

/**
 * A fresh page whose browser knows `count` servers of 500 conversations each (`?seed=inbox`),
 * opened at the start screen: milliseconds from navigation to the inbox's first row.
 */
export async function openInbox(browser: Browser, count: 1 | 3): Promise<{ ms: number; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(
    (stored) => localStorage.setItem('tether.connection', stored),
    inboxServers(count),
  );
  const started = Date.now();
  await page.goto('/?seed=inbox');
  await page.locator('.conversation-list li').first().waitFor({ timeout: 60_000 });
  return { ms: Date.now() - started, page };
}

/** Each server's first list page: when it was asked for and when its answer ended (ms). */
export async function listRequests(page: Page): Promise<{ host: string; start: number; end: number }[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter(
        (entry) =>
          entry.name.includes('/api/conversations/search') &&
          entry.name.includes('sort_order=UPDATED_AT_DESC') &&
          !entry.name.includes('page_id'),
      )
      .map((entry) => ({ host: new URL(entry.name).host, start: entry.startTime, end: entry.responseEnd })),
  );
}

/** Waits until the browser's copy holds at least `count` events of the conversation. */
export async function waitForCopy(page: Page, conversationId: string, count: number) {
  await expect
    .poll(
      () =>
        page.evaluate(
          ([id]) =>
            new Promise<number>((resolve) => {
              const opening = indexedDB.open('tether-copy');
              // Reading must not make the database: the app would find it empty of stores.
              opening.onupgradeneeded = () => opening.transaction?.abort();
              opening.onsuccess = () => {
                const db = opening.result;
                if (!db.objectStoreNames.contains('conversations')) return resolve(0);
                const read = db.transaction('conversations').objectStore('conversations').getAll();
                read.onsuccess = () => {
                  const meta = (read.result as { conversation: string; low: number; high: number }[]).find(
                    (held) => held.conversation === id,
                  );
                  db.close();
                  resolve(meta ? meta.high - meta.low + 1 : 0);
                };
              };
              opening.onerror = () => resolve(0);
            }),
          [conversationId],
        ),
      { timeout: 240_000 },
    )
    .toBeGreaterThanOrEqual(count);
}

/** When index.html's kept paint had been painted, and the newest row it showed; none if none. */
const keptPaintOf = (page: Page) =>
  page.evaluate(() => {
    const shown = performance.getEntriesByName('tether:kept-paint')[0] as PerformanceMark | undefined;
    const painted = performance.getEntriesByName('tether:kept-paint-painted')[0];
    if (!shown || !painted) return undefined;
    return { paintedAt: painted.startTime, newest: (shown.detail as { newest: string }).newest };
  });

/** The event id of the newest row the app drew. */
const newestRowDrawn = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.chat-row[data-event-id]')).at(-1)?.getAttribute('data-event-id'),
  );

/**
 * The first rows on screen, by the page's clock: the look this browser kept, painted by
 * index.html before any script, where it showed the conversation's newest row; else the app's
 * own (`appRows`).
 */
export async function firstRowsShownAt(page: Page, appRows: number): Promise<number> {
  const kept = await keptPaintOf(page);
  return kept && kept.newest === (await newestRowDrawn(page)) ? Math.min(kept.paintedAt, appRows) : appRows;
}
