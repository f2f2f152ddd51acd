import { expect, test, type Page } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';

// Tether speaks the reader's language: the browser's by default, another when chosen in the
// header, changed at once without a reload, and remembered. (Issue 21: these screens first.)

const banner = (page: Page) => page.getByRole('banner');

/** Requests for language catalogues (one chunk per language), by language. */
function catalogueRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const language = /\/assets\/(de|fr|es|ja|zh-Hans|ar)-[\w-]+\.js$/.exec(request.url())?.[1];
    if (language) asked.push(language);
  });
  return asked;
}

test('a language chosen in the header is spoken at once, with one request, and kept', async ({ page }) => {
  const asked = catalogueRequests(page);
  const app = new Tether(page);
  await app.open();
  await expect(banner(page).getByRole('link', { name: 'New conversation' })).toBeVisible();
  expect(asked).toEqual([]);

  await app.chooseLanguage('Deutsch');
  await expect(banner(page).getByRole('link', { name: 'Neue Unterhaltung' })).toBeVisible();
  const theme = (await app.openSettings()).getByRole('combobox', { name: 'Farbschema' });
  await expect(theme).toHaveValue('system');
  // The settings hold the theme too.
  await theme.selectOption({ label: 'Dunkel' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await theme.selectOption('system');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  expect(asked).toEqual(['de']);
  await expectAccessible(page, 'the header’s settings in German');
  // Closed before going on: open, the settings lie over the list.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Einstellungen' })).toBeHidden();

  // A conversation speaks it too: its state, its actions, the message box.
  await app.listItem(SEEDED.parser).getByRole('link').click();
  await expect(page.locator('.conversation-header [data-status]')).toHaveText('Fertig');
  await expect(page.getByRole('textbox', { name: 'Nachricht an den Agenten' })).toHaveAttribute(
    'placeholder',
    'Nachricht an den Agenten …',
  );
  await expect(page.getByRole('button', { name: 'Senden' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Anhängen' })).toBeVisible();
  // Finished steps fold into one line, counted with the language's plural forms.
  await expect(
    app.log.getByRole('button', { name: '1 Befehl ausgeführt · 1 Datei bearbeitet (2 Schritte)' }),
  ).toBeVisible();
  await expect(app.log.locator('.author').first()).toHaveText('Sie');
  await expectAccessible(page, 'a conversation in German');

  // Right to left for Arabic; German again costs no second request.
  await app.chooseLanguage('العربية');
  await expect(banner(page).getByRole('link', { name: 'محادثة جديدة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'إرسال' })).toBeVisible();
  await expect(
    app.log.getByRole('button', { name: 'شغّل أمرًا واحدًا · عدّل ملفًا واحدًا (خطوتان)' }),
  ).toBeVisible();
  await app.chooseLanguage('Deutsch');
  await expect(banner(page).getByRole('link', { name: 'Neue Unterhaltung' })).toBeVisible();
  expect(asked).toEqual(['de', 'ar']);

  // Remembered in this browser: the next visit opens in German.
  await page.reload();
  await expect(banner(page).getByRole('link', { name: 'Neue Unterhaltung' })).toBeVisible();
  await expect((await app.openSettings()).getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
});

test.describe('a browser that prefers French', () => {
  test.use({ locale: 'fr-FR' });

  test('is spoken to in French, until another language is chosen, and again when its own is', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.open();
    await expect(banner(page).getByRole('link', { name: 'Nouvelle conversation' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect((await app.openSettings()).getByRole('combobox', { name: 'Langue' })).toHaveValue('browser');
    // The new conversation's form and the list beside it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouvelle conversation');
    await expect(page.getByRole('textbox', { name: 'Que doit faire l’agent ?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Démarrer la conversation' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Demander avant d’agir' })).toHaveValue('never');
    await expect(
      app.list.getByRole('combobox', { name: 'Filtrer les conversations par état' }),
    ).toBeVisible();
    await expectAccessible(page, 'the home screen in French');

    // From the palette too.
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Tapez une commande ou une conversation' }).fill('日本語');
    await page.keyboard.press('Enter');
    await expect(banner(page).getByRole('link', { name: '新しい会話' })).toBeVisible();

    // The browser's own language, offered in the one spoken now.
    await app.chooseLanguage('ブラウザーの言語');
    await expect(banner(page).getByRole('link', { name: 'Nouvelle conversation' })).toBeVisible();
    await page.reload();
    await expect(banner(page).getByRole('link', { name: 'Nouvelle conversation' })).toBeVisible();
  });
});
