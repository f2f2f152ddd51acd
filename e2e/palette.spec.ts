import { expect, test, type Page } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';

// Finding a conversation: the list's filter and arrow keys, and the command palette.

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

test('the list filters by title words and by status, and says when nothing matches', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  const filter = app.list.getByRole('searchbox', { name: 'Filter conversations by title' });
  await filter.fill('TASK 1');
  await expect(app.list.getByRole('listitem')).toHaveText([
    /Earlier task 1\b/,
    /Earlier task 10/,
    /Earlier task 11/,
  ]);
  await filter.fill('');
  await app.list
    .getByRole('combobox', { name: 'Filter conversations by status' })
    .selectOption({ label: 'Error or stuck' });
  await expect(app.list.getByRole('listitem')).toHaveText([/Wrong LLM key/, /Training cut by a restart/]);
  await filter.fill('zebra');
  await expect(app.list.getByText(/No loaded conversation matches/)).toBeVisible();
});

test('↑ and ↓ move through the list from its filter; Enter opens the conversation', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  await app.list.getByRole('searchbox', { name: 'Filter conversations by title' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(app.list.getByRole('link', { name: /Fix header parsing/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(app.list.getByRole('link', { name: /What changed recently/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(SEEDED.parallel));
});

test('Ctrl+K runs actions and opens conversations, from the message box too', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.composer.focus();
  await page.keyboard.press('ControlOrMeta+k');
  await expect(palette(page)).toBeVisible();
  await expectAccessible(page, 'command palette');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();

  await new Tether(page).runFromPalette('theme dark', 'Theme: dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await new Tether(page).runFromPalette('what changed', 'What changed recently?');
  await page.keyboard.press('ControlOrMeta+k');
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await page.keyboard.type('zebra crossing');
  await expect(palette(page).getByText('Nothing matches “zebra crossing”.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(SEEDED.parallel));
  await new Tether(page).runFromPalette('export', 'Export this conversation');
  await expect(page.getByRole('dialog', { name: /^Export/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Stop is offered only while a run goes on, and stops it.
  await app.openConversation(SEEDED.parser);
  await page.keyboard.press('ControlOrMeta+k');
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await page.keyboard.type('stop');
  await expect(palette(page).getByRole('option', { name: /Slow test run, stopped/ })).toBeVisible();
  await expect(palette(page).getByRole('option', { name: /Stop the agent/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await app.setAgentTiming(40, 60_000);
  await app.send('Tidy up');
  await app.expectStatus('running');
  // Each action says the keys that run it too: one registry feeds the palette and the keys.
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.type('stop');
  await expect(
    palette(page)
      .getByRole('option', { name: /Stop the agent/ })
      .locator('kbd'),
  ).toHaveText('Esc');
  await page.keyboard.press('Escape');
  await new Tether(page).runFromPalette('stop', 'Stop the agent');
  await expect(app.status).not.toHaveAttribute('data-status', 'running', { timeout: 15_000 });
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.type('find');
  await expect(palette(page).getByRole('option', { name: /Find/ }).first().locator('kbd')).toHaveText(
    'Ctrl/⌘ + F',
  );
  // The palette is not one of its own entries.
  await page.keyboard.press('Control+a');
  await page.keyboard.type('palette');
  await expect(palette(page).getByText('Nothing matches “palette”.')).toBeVisible();
  await page.keyboard.press('Escape');
});
