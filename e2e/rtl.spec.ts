import { expect, test, type Page } from './test';
import { inEveryLanguage, SEEDED, Tether } from './app';
import { expectAccessible } from './axe';

// Issue 21: Arabic lays the app out mirrored — the list on the right, the reading order from
// the right, the tool cards and the workspace mirrored — while code, commands, diffs and paths
// stay left to right inside.

const named = (id: string) => ({ name: inEveryLanguage(id) });

async function speakArabic(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((choice) => {
    localStorage.setItem('tether.language', 'ar');
    localStorage.setItem('tether.theme', choice);
  }, theme);
  await page.clock.setFixedTime(new Date('2026-11-21T10:00:00Z'));
}

async function openParser(page: Page) {
  const app = new Tether(page);
  await app.open();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await app.openConversation(SEEDED.parser);
  await page.getByRole('button', named('transcript.showEveryStep')).click();
  await app.expectMessageActionsLoaded();
  return app;
}

for (const theme of ['light', 'dark'] as const) {
  test(`a conversation in Arabic is mirrored, its code still left to right (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await speakArabic(page, theme);
    const app = await openParser(page);
    // The list sits at the right edge, the conversation to its left.
    const list = (await app.list.boundingBox())!;
    const transcript = (await app.scroller.boundingBox())!;
    expect(list.x).toBeGreaterThan(transcript.x);
    // Code, diffs and paths read left to right inside the mirrored page.
    const diff = page.locator('.diff').first();
    await expect(diff).toHaveCSS('direction', 'ltr');
    await expect(page.locator('pre').first()).toHaveCSS('direction', 'ltr');
    await expectAccessible(page, `a conversation in Arabic, ${theme}`);
    await expect(page).toHaveScreenshot(`arabic-desktop-${theme}.png`);
  });
}

test('in Arabic, English keeps its order: an answer’s table, diff counts, key names', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await speakArabic(page, 'light');
  const app = await openParser(page);
  // The answer's English table keeps its first column on the left.
  const table = app.log.locator('.markdown table').first();
  await expect(table).toHaveCSS('direction', 'ltr');
  const suite = (await table.getByRole('columnheader', { name: 'suite' }).boundingBox())!;
  const result = (await table.getByRole('columnheader', { name: 'result' }).boundingBox())!;
  expect(suite.x).toBeLessThan(result.x);
  // An edit's counts read "+1 −1", the added first.
  const counts = app.log.locator('.diff-counts').first();
  const added = (await counts.locator('.diff-count-add').boundingBox())!;
  const removed = (await counts.locator('.diff-count-del').boundingBox())!;
  expect(added.x).toBeLessThan(removed.x);
  // Key names on the shortcuts sheet keep their order.
  await app.scroller.focus();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', named('shortcuts.title'));
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('kbd').first()).toHaveCSS('direction', 'ltr');
});

for (const theme of ['light', 'dark'] as const) {
  test(`a conversation and its drawer in Arabic on a phone (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await speakArabic(page, theme);
    const app = new Tether(page);
    await app.open();
    await app.openConversation(SEEDED.parser);
    await expect(page.getByRole('button', named('transcript.showEveryStep'))).toBeVisible();
    await app.expectMessageActionsLoaded();
    await expect(page).toHaveScreenshot(`arabic-phone-${theme}.png`);
    await page.getByRole('button', named('shell.conversations')).click();
    const drawer = page.locator('#conversation-drawer');
    await expect(drawer).toBeVisible();
    // The drawer comes from the right.
    const box = (await drawer.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(380);
    await expectAccessible(page, `the drawer in Arabic, ${theme}`);
    await expect(page).toHaveScreenshot(`arabic-phone-drawer-${theme}.png`);
  });
}
