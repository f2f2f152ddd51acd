import { expect, test, type Page } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';

// A message the server persisted while a run wound down, then never read: the run ends
// `finished` and the message has no answer (seen once on 1.57.0; the mock plays it on request).
// Tether notices when the run settles, and has the agent answer it, saying so.

const ASKED =
  'Tether asked the agent to answer your message above: the run had ended before the agent read it.';

/** Starts a run, sends a second message while it goes, and has the server miss that one. */
async function runThatMissesAMessage(page: Page, app: Tether) {
  await app.open();
  await app.setAgentTiming(10, 0);
  await app.mock((server) => (server.agent.toolsHeld = true));
  await app.startConversation('Tidy the README');
  await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'running');
  await app.mock((server) => (server.agent.missNextMessage = true));
  await app.send('Also add a changelog entry');
  const late = page.locator('.chat-row.from-user').filter({ hasText: 'Also add a changelog entry' });
  await expect(late).toBeVisible();
  await app.mock((server) => (server.agent.toolsHeld = false));
  return late;
}

test('a message the run ended without reading is answered, once, and the transcript says why', async ({
  page,
}) => {
  const app = new Tether(page);
  const late = await runThatMissesAMessage(page, app);
  const asked = app.log.locator('.answer-request');
  await expect(asked).toHaveText(ASKED, { timeout: 20_000 });
  // The agent answers after the request, and the run ends; nothing is asked twice.
  await expect(app.log.getByText('noted “Also add a changelog entry”')).toBeVisible({ timeout: 20_000 });
  await app.expectStatus('finished');
  await expect(asked).toHaveCount(1);
  await expect(late).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('asked.png') });
  // Seen again after a reload: the request is the server's, drawn as the same note.
  await page.reload();
  await expect(app.log.locator('.answer-request')).toHaveText(ASKED);
  await expect(page.getByRole('button', { name: 'Ask the agent to answer it' })).toHaveCount(0);
});

test('with asking by itself turned off, the person is offered to have it answered', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  const settings = await app.openSettings();
  const setting = settings.getByRole('checkbox', {
    name: 'When a run ends without reading your message, ask the agent to answer it by itself',
  });
  await expect(setting).toBeChecked();
  await setting.uncheck();
  await page.keyboard.press('Escape');
  await runThatMissesAMessage(page, app);
  await app.expectStatus('finished');
  const offer = page.getByRole('status').filter({
    hasText: 'The run ended before the agent read your last message, so it has no answer.',
  });
  await expect(offer).toBeVisible();
  await expect(app.log.locator('.answer-request')).toHaveCount(0);
  await expectAccessible(page, 'a message the run did not answer, offered');
  await page.screenshot({ path: test.info().outputPath('offered.png') });
  await offer.getByRole('button', { name: 'Ask the agent to answer it' }).click();
  await expect(app.log.locator('.answer-request')).toHaveText(ASKED, { timeout: 10_000 });
  await expect(offer).toHaveCount(0);
  await expect(app.log.getByText('noted “Also add a changelog entry”')).toBeVisible({ timeout: 20_000 });
  // The choice is this browser's, kept across a reload.
  await page.reload();
  await expect(
    (await app.openSettings()).getByRole('checkbox', {
      name: 'When a run ends without reading your message, ask the agent to answer it by itself',
    }),
  ).not.toBeChecked();
});
