import { expect, test } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';
import { SecretsDialog } from './secrets';

// A server's secrets: names listed, values written and never shown again, and every new
// conversation on that server started with them.

/** The `secrets` of the last conversation started on the mock. */
const startedWith = (app: Tether) =>
  app.mock(
    (m) =>
      (
        m.store.received.filter((r) => r.method === 'POST' && r.path === '/api/conversations').at(-1)
          ?.body as { secrets?: unknown } | undefined
      )?.secrets ?? null,
  );

test('add, replace and delete a secret: its value is never shown, and new conversations get it', async ({
  page,
}) => {
  const app = new Tether(page);
  const secrets = new SecretsDialog(page);
  await app.open();
  await secrets.openFor('Built-in mock');
  await expect(secrets.dialog.getByText('No secrets yet.')).toBeVisible();
  await expectAccessible(page, 'the Secrets dialog, empty');

  await secrets.add('GITHUB_TOKEN', 'ghp_first-value', 'Pushes to the fork');
  await expect(secrets.entry('GITHUB_TOKEN')).toContainText('Pushes to the fork');
  expect(await app.mock((m) => m.store.secrets.get('GITHUB_TOKEN'))).toBe('ghp_first-value');
  // Written, and gone from the page: no field or text holds it.
  expect(await page.content()).not.toContain('ghp_first-value');

  // A name the server would refuse, and one it has: each said before anything is sent.
  await secrets.dialog.getByRole('button', { name: 'Add secret' }).click();
  const form = secrets.dialog.getByRole('form', { name: 'Add a secret' });
  await form.getByLabel('Name').fill('1st token');
  await form.getByLabel('Value').fill('x');
  await form.getByRole('button', { name: 'Add secret' }).click();
  await expect(form.getByLabel('Name')).toHaveJSProperty(
    'validationMessage',
    'A letter first, then letters, digits or _ (up to 64).',
  );
  await form.getByLabel('Name').fill('GITHUB_TOKEN');
  await form.getByRole('button', { name: 'Add secret' }).click();
  await expect(form.getByLabel('Name')).toHaveJSProperty(
    'validationMessage',
    'GITHUB_TOKEN is stored already: use its Replace button.',
  );
  await form.getByLabel('Name').press('Escape');
  await expect(form).toBeHidden();
  await expect(secrets.dialog).toBeVisible();

  // A new value; the description stays.
  await secrets.replace('GITHUB_TOKEN', 'ghp_second-value');
  expect(await app.mock((m) => m.store.secrets.get('GITHUB_TOKEN'))).toBe('ghp_second-value');
  await expect(secrets.entry('GITHUB_TOKEN')).toContainText('Pushes to the fork');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'the Secrets dialog (dark)', 'colours');
  await page.emulateMedia({ colorScheme: 'light' });
  await secrets.close();
  // Back where the person came from.
  await expect(app.serversDialog).toBeVisible();
  await app.closeServers();

  // A new conversation starts with it, as an environment variable the server masks.
  await app.startConversation('Push the fix to the fork');
  expect(await startedWith(app)).toEqual({
    GITHUB_TOKEN: { kind: 'StaticSecret', value: 'ghp_second-value' },
  });
  expect(await page.content()).not.toContain('ghp_second-value');

  // Kept by the server: after a reload, from the palette.
  await page.reload();
  await expect(app.heading).toHaveText('Push the fix to the fork');
  await app.runFromPalette('Secrets', 'Secrets');
  await expect(secrets.dialog).toBeVisible();
  await expect.poll(() => secrets.names()).toEqual(['GITHUB_TOKEN']);
  await secrets.delete('GITHUB_TOKEN');
  await expect(secrets.dialog.getByText('No secrets yet.')).toBeVisible();
  await secrets.close();
  await expect(app.serversDialog).toBeHidden();
  await page.getByRole('link', { name: 'New conversation' }).click();
  await app.startConversation('Nothing secret this time');
  expect(await startedWith(app)).toBeNull();
});

test('a secret the server refuses to store says why, and nothing is listed', async ({ page }) => {
  const app = new Tether(page);
  const secrets = new SecretsDialog(page);
  await app.open();
  await secrets.openFor('Built-in mock');
  await app.mock((m) => m.failRequests('/api/settings/secrets', 1, 500));
  await secrets.dialog.getByRole('button', { name: 'Add secret' }).click();
  const form = secrets.dialog.getByRole('form', { name: 'Add a secret' });
  await form.getByLabel('Name').fill('API_KEY');
  await form.getByLabel('Value').fill('sk-refused');
  await form.getByRole('button', { name: 'Add secret' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'API_KEY was not saved: The agent-server answered 500: Injected failure',
  );
  // The value is not kept in the field for a second try: it is typed again.
  await expect(form.getByLabel('Value')).toHaveValue('');
  await expect(secrets.dialog.getByText('No secrets yet.')).toBeVisible();
  await expectAccessible(page, 'the Secrets dialog, a refused secret');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'the Secrets dialog on a phone', 'colours');
});
