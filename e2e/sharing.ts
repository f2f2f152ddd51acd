import { expect, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTools } from './tools';

// "Share a copy", as a person uses it from the conversation's tools menu, and the file it writes
// read back: shared by the mock and the real-server journeys.

export function shareDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Share a copy of/ });
}

/** Opens the dialog and waits until it has read the conversation and says what it will write. */
export async function openShare(page: Page): Promise<Locator> {
  await (await openTools(page)).getByRole('button', { name: 'Share a copy…' }).click();
  const dialog = shareDialog(page);
  await expect(dialog.getByRole('button', { name: 'Write the file' })).toBeVisible();
  return dialog;
}

/** Writes the file and reads it back. */
export async function writeShare(page: Page): Promise<{ name: string; path: string; html: string }> {
  const dialog = shareDialog(page);
  const download: Promise<Download> = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Write the file' }).click();
  const file = await download;
  // Under its own name, so that a browser opening it from disk reads it as HTML.
  const path = join(await mkdtemp(join(tmpdir(), 'tether-share-')), file.suggestedFilename());
  await file.saveAs(path);
  await expect(dialog.getByRole('status')).toContainText(`Written: ${file.suggestedFilename()}`);
  return { name: file.suggestedFilename(), path, html: await readFile(path, 'utf8') };
}

/**
 * The file opened as someone else opens it: a fresh browser profile with no server, from disk.
 * Returns the page, with every console message and dialog the file caused.
 */
export async function openSharedFile(
  browser: Browser,
  path: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; said: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ colorScheme });
  const page = await context.newPage();
  const said: string[] = [];
  page.on('console', (message) => said.push(message.text()));
  page.on('dialog', (dialog) => {
    said.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`file://${path}`);
  // Nothing but the file itself was asked for.
  expect(requests.filter((url) => !url.startsWith('file://') && !url.startsWith('data:'))).toEqual([]);
  return { page, said, close: () => context.close() };
}
