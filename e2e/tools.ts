import { expect, type Locator, type Page } from '@playwright/test';

// The conversation's tools menu in its header (model, usage, export, approvals), as a person
// opens and closes it. Shared by the mock and the real-server journeys.

export function toolsButton(page: Page): Locator {
  return page.locator('.conversation-header').getByRole('button', { name: 'Conversation tools' });
}

function toolsMenu(page: Page): Locator {
  return page.getByRole('group', { name: 'Conversation tools' });
}

/** The menu, opened if it was closed. */
export async function openTools(page: Page): Promise<Locator> {
  const menu = toolsMenu(page);
  if (!(await menu.isVisible())) await toolsButton(page).click();
  await expect(menu).toBeVisible();
  return menu;
}

/** Closes the menu with Escape, as a keyboard user does; nothing when it is closed. */
export async function closeTools(page: Page) {
  const menu = toolsMenu(page);
  if (await menu.isVisible()) await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}
