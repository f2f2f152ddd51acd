import { expect, test } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';

// A model that cannot be reached: the server only says "Connection error" and "temporary
// failure"; Tether names the base URL the person typed and where to change it.

test('a model that cannot be reached is named by its base URL, with where to change it', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  await page.getByText(/^Model:/).click();
  await page.getByLabel('Base URL').fill('http://models.example.invalid/v1');
  // The check before starting finds nothing there; the person starts all the same.
  await page.getByLabel('What should the agent do?').fill('Summarise the README');
  await page.getByRole('button', { name: 'Start conversation' }).click();
  const form = page.getByRole('form', { name: 'New conversation' });
  await expect(form.getByRole('alert')).toContainText('Nothing answers at http://models.example.invalid/v1.');
  await form.getByRole('button', { name: 'Start anyway' }).click();
  await expect(page).toHaveURL(/\/conversations\/[\w-]+$/);
  await app.expectStatus('error');
  const errors = app.log.locator('.conversation-error');
  await expect(errors).toHaveCount(2);
  await expect(errors.first()).toContainText('Connection error.');
  await expect(errors.first()).toContainText(
    'The agent-server could not connect to the model at http://models.example.invalid/v1. Check that address under Conversation tools → Model',
  );
  await expectAccessible(page, 'a model that cannot be reached');
});
