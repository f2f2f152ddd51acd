import { expect, type Locator, type Page } from '@playwright/test';
import { openTools } from './tools';

// Usage and model, as a person reaches them from the conversation's tools menu. Shared by the mock
// and the real-server journeys.

/** The usage line of the tools menu, the menu opened first. */
export async function usageButton(page: Page): Promise<Locator> {
  return (await openTools(page)).getByRole('button', { name: /^Usage / });
}

/** Opens the usage dialog and returns it. */
export async function openUsage(page: Page): Promise<Locator> {
  await (await usageButton(page)).click();
  const dialog = page.getByRole('dialog', { name: 'Usage of this conversation' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The figures of one LLM's row of the usage table, as numbers, by its column names. */
export async function usageRow(dialog: Locator, llm: string | RegExp): Promise<Record<string, number>> {
  const table = dialog.getByRole('table');
  const headers = await table.locator('thead th').allInnerTexts();
  const row = table.getByRole('row').filter({ has: dialog.page().getByRole('rowheader', { name: llm }) });
  const cells = await row.getByRole('cell').allInnerTexts();
  return Object.fromEntries(
    cells.map((cell, index) => [headers[index + 1]!, Number(cell.replace(/[$,]/g, ''))]),
  );
}

/** The model line of the tools menu, the menu opened first. */
export async function modelButton(page: Page): Promise<Locator> {
  return (await openTools(page)).getByRole('button', { name: /^Model / });
}

/** Switches the conversation's model from the header; the key and base URL as the form offers them unless given. */
export async function switchModel(
  page: Page,
  model: string,
  options: { baseUrl?: string; apiKey?: string } = {},
) {
  await (await modelButton(page)).click();
  const dialog = page.getByRole('dialog', { name: 'Switch the model' });
  await dialog.getByLabel('Model').fill(model);
  if (options.baseUrl !== undefined) await dialog.getByLabel('Base URL').fill(options.baseUrl);
  if (options.apiKey !== undefined) await dialog.getByLabel('API key').fill(options.apiKey);
  await dialog.getByRole('button', { name: 'Switch' }).click();
  return dialog;
}
