import { expect, test } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';
import { switchModel } from './usage';

// Model settings are checked when they are about to be used: a name the server's LLM library
// cannot route, and a base URL where nothing answers, are named before any conversation waits
// on them; a person who knows better goes on anyway.

test('a model name the server cannot route is named before the conversation starts', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  const form = page.getByRole('form', { name: 'New conversation' });
  await page.getByText(/^Model:/).click();
  await page.getByLabel('Model', { exact: true }).fill('opnai/gpt-4o-mini');
  await page.getByLabel('What should the agent do?').fill('Summarise the README');
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(form.getByRole('alert')).toContainText(
    'The agent-server’s LLM library has no provider “opnai”, so “opnai/gpt-4o-mini” would fail at once.',
  );
  await expectAccessible(page, 'a model name with an unknown provider');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'a model name with an unknown provider (dark)', 'colours');
  // On a phone the note lands below the fold: it is brought into view with its button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(form.getByRole('button', { name: 'Start anyway' })).toBeInViewport({ ratio: 1 });
  await expectAccessible(page, 'a model name with an unknown provider, on a phone (dark)');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel('Model', { exact: true }).fill('llama3');
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(form.getByRole('alert')).toContainText(
    'The agent-server cannot tell which provider serves “llama3”, so it would fail at once. Write it as provider/name: openai/llama3',
  );
  const created = () =>
    app.mock((server) => server.store.received.filter((r) => r.path === '/api/conversations').length);
  expect(await created()).toBe(0);

  // A name the library knows by itself, and one with a provider it has, start at once.
  await page.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page).toHaveURL(/\/conversations\/[\w-]+$/);
  await expect(form).toBeHidden();
});

test('switching to a base URL where nothing answers says so, and can be done anyway', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  await app.setAgentTiming(5, 50);
  await app.startConversation('Use another model next');
  await app.expectStatus('finished');
  const dialog = await switchModel(page, 'openai/local-model', {
    baseUrl: 'http://models.example.invalid/v1',
  });
  await expect(dialog.getByRole('alert')).toContainText(
    'Nothing answers at http://models.example.invalid/v1. The agent-server runs on this machine',
  );
  await expectAccessible(page, 'the model dialog with a base URL where nothing answers');
  await dialog.getByRole('button', { name: 'Switch anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(app.log.getByText('Model from here on: openai/local-model')).toBeVisible();
});
