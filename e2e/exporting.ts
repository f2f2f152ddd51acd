import { expect, type Download, type Page } from '@playwright/test';
import { openTools } from './tools';
import { readFile } from 'node:fs/promises';

/** Opens the Export dialog from the conversation's tools menu. */
export async function openExport(page: Page) {
  await (await openTools(page)).getByRole('button', { name: 'Export…' }).click();
}

/** Exports the open conversation from its tools menu, as a person does, and reads the saved file. */
export async function exportAs(
  page: Page,
  format: 'Markdown' | 'JSON',
): Promise<{ name: string; text: string }> {
  const dialog = page.getByRole('dialog', { name: /^Export/ });
  if (!(await dialog.isVisible())) await openExport(page);
  await dialog.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  const download: Promise<Download> = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  const text = await readFile((await file.path())!, 'utf8');
  await expect(dialog.getByRole('status')).toContainText(`Saved ${file.suggestedFilename()}`);
  return { name: file.suggestedFilename(), text };
}
