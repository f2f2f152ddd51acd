import { Tether } from '../app';
import { openConnected, expect, test } from './fixtures';

// The check of model settings against the real agent-server: a name its LLM library cannot
// route is named before the conversation starts, and the server, asked anyway, fails on it in
// its own words: the check is no false alarm. A name it routes starts with no note.

test('a model name the server cannot route is named first, and the server refuses it too @smoke', async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([{ text: 'Hello from the scripted model.' }]);
  const app = new Tether(page);
  await openConnected(page, server);
  const form = page.getByRole('form', { name: 'New conversation' });
  await page.getByText(/^Model:/).click();
  await page.getByLabel('Model', { exact: true }).fill('scripted-model');
  await page.getByLabel('Base URL').fill(llm.url);
  await page.getByLabel('API key').fill('sk-scripted');
  await page.getByLabel('What should the agent do?').fill('Say hello');
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(form.getByRole('alert')).toContainText(
    'The agent-server cannot tell which provider serves “scripted-model”, so it would fail at once.',
    { timeout: 30_000 },
  );

  await form.getByRole('button', { name: 'Start anyway' }).click();
  await app.expectStatus('error');
  await expect(app.log.locator('.conversation-error').first()).toContainText('LLM Provider NOT provided', {
    timeout: 30_000,
  });
  expect(llm.requests).toHaveLength(0);

  // The same model with the provider named: no note, and the model answers.
  await page.getByRole('link', { name: 'New conversation' }).click();
  await page.getByText(/^Model:/).click();
  await page.getByLabel('Model', { exact: true }).fill('openai/scripted-model');
  await page.getByLabel('What should the agent do?').fill('Say hello');
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(app.log.getByText('Hello from the scripted model.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
});
