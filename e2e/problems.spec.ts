import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';

// A command given outside a conversation (here a list row's Rename) that the server refuses is
// said where it was given: what was not done, to what, and why, in the language spoken when it
// is read. Left, it is not said again; given again, it goes.

test('a rename the server refuses says what was not renamed, in the language chosen next', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  // Not the open conversation: its info is read on its own, and no read of it comes between.
  await app.mock((server) =>
    server.failRequests(/\/api\/conversations\/3f1c2a4e-0000-4000-8000-000000000007$/, 1, 500),
  );
  expect(SEEDED.long).toBe('3f1c2a4e-0000-4000-8000-000000000007');
  await (await app.itemButton(SEEDED.long, 'Rename')).click();
  const form = app.listItem(SEEDED.long).locator('form');
  await form.getByLabel('New title').fill('Renamed, at last');
  await form.getByRole('button', { name: 'Save' }).click();
  const alert = form.getByRole('alert');
  await expect(alert).toHaveText(
    '“A long session (2,000 events)” was not renamed: The agent-server answered 500: Injected failure',
  );
  await expectAccessible(page, 'a rename the server refused');
  // What happened is kept, not the sentence: it reads in German once German is chosen.
  await app.chooseLanguage('Deutsch');
  await expect(alert).toContainText('„A long session (2,000 events)“ wurde nicht umbenannt:');
  await page.keyboard.press('Escape');
  await app.chooseLanguage('English');
  await expect(alert).toContainText('was not renamed');
  // Esc left the form: opened again, it says nothing of the last try.
  await form.getByLabel('New title').press('Escape');
  await expect(form).toHaveCount(0);
  await (await app.itemButton(SEEDED.long, 'Rename')).click();
  await expect(form.getByLabel('New title')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByLabel('New title').fill('Renamed, at last');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(app.listItem(SEEDED.long)).toContainText('Renamed, at last');
});
