import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

// Measurements taken in the browser, shared by `npm run bench` and the budget checks.

export const BENCH_SEED = '?seed=bench';

/** Opens a conversation and returns ms from navigation to its first rows on screen. */
export async function openConversation(page: Page, conversationId: string): Promise<number> {
  const started = Date.now();
  await page.goto(`/conversations/${conversationId}${BENCH_SEED}`);
  await page.locator('.chat-row[data-event-id]').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  return Date.now() - started;
}

export async function domElementCount(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

/**
 * Gzip bytes of the app's own JS and CSS the page loaded: the dist files it fetched, compressed
 * here as a server would. The built-in mock agent-server's chunk is counted apart: a page on a
 * real server never loads it.
 */
export async function loadedAssetBytes(page: Page, distDir = 'dist'): Promise<{ app: number; mock: number }> {
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
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
