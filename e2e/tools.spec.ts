import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { closeTools, openTools, toolsButton } from './tools';

// The conversation's header: title, status, Stop, the workspace, and one menu for the rest.

test('the header holds the run’s state and two icon buttons; the rest is in one menu, by keyboard too', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  const header = page.locator('.conversation-header');
  // The connection's word (which says what it means when pressed), then the two icons.
  await expect(header.getByRole('button')).toHaveText(['Live', '', '']);
  await expect(header.getByRole('button', { name: 'Workspace' })).toHaveAttribute('aria-expanded', 'false');
  await expect(toolsButton(page)).toHaveAttribute('aria-expanded', 'false');

  await toolsButton(page).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('group', { name: 'Conversation tools' });
  await expect(menu).toBeVisible();
  await expect(toolsButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('button', { name: 'Model gpt-4o-mini' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('button', { name: /^Usage / })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('button', { name: 'Limits none' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('button', { name: 'Export…' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('button', { name: 'Share a copy…' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('button', { name: 'Plan the next turn first…' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('combobox', { name: 'Ask before actions' })).toBeFocused();
  await expectAccessible(page, 'the tools menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toolsButton(page)).toBeFocused();

  // A line opens its dialog; the menu closes; closing the dialog gives focus back to the button.
  await (await openTools(page)).getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Export/ });
  await expect(dialog).toBeVisible();
  await expect(menu).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toolsButton(page)).toBeFocused();
});

test('the palette opens the menu’s dialogs without the menu', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.runFromPalette('usage', 'Usage and compacting');
  const usage = page.getByRole('dialog', { name: 'Usage of this conversation' });
  await expect(usage).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(usage).toBeHidden();
  await app.runFromPalette('switch the model', 'Switch the model');
  await expect(page.getByRole('dialog', { name: 'Switch the model' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Conversation tools' })).toBeHidden();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the header is one line, a long title shortened; the menu fits the screen', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('tether.theme', 'dark'));
    const app = new Tether(page);
    await app.openConversation(SEEDED.long);
    const header = page.locator('.conversation-header');
    const title = await app.heading.boundingBox();
    const button = await toolsButton(page).boundingBox();
    // Side by side: the button's middle is within the title's line.
    expect(button!.y + button!.height / 2).toBeGreaterThan(title!.y);
    expect(button!.y + button!.height / 2).toBeLessThan(title!.y + title!.height);
    expect((await header.boundingBox())!.height).toBeLessThan(60);
    expect(await app.heading.evaluate((h) => h.scrollWidth > h.clientWidth)).toBe(true);

    const menu = await openTools(page);
    const box = await menu.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the tools menu on a phone, dark');
    await closeTools(page);
  });
});

test('a confirmation setting the server refuses goes back, and the banner says so in the language chosen next', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.mock((m) => m.failRequests('/confirmation_policy', 1, 500));
  const select = (await openTools(page)).getByRole('combobox', { name: 'Ask before actions' });
  await expect(select).toHaveValue('never');
  await select.selectOption({ label: 'Ask for every action' });
  // The server's setting again, the control free, and why in the conversation's banner.
  await expect(select).toBeEnabled();
  await expect(select).toHaveValue('never');
  const banner = page.locator('.conversation').getByRole('alert');
  await expect(banner).toContainText('The confirmation setting was not changed.');
  await closeTools(page);
  await expectAccessible(page, 'a refused confirmation setting');
  // The banner keeps what happened, not the sentence: it reads in the language chosen next.
  await app.chooseLanguage('Deutsch');
  await expect(banner).toContainText('Die Einstellung zur Freigabe wurde nicht geändert.');
});
