import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';

// Approving with judgement: each action's risk as the server rated it, and a rejection that
// tells the agent why.

test('each action shows the risk the server rated it, and nothing when unrated', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.gallery);
  await app.showEveryStep();
  await app.scroller.evaluate((el) => (el.scrollTop = 0));
  await expect(app.card(/^terminal\s*ls/).getByText('Low risk')).toBeVisible();
  await expect(app.card(/make test/).getByText('Medium risk')).toBeVisible();
  await expect(app.card(/rm -rf build/).getByText('High risk')).toBeVisible();
  await expect(app.card(/Read a file that is not there/).locator('.risk-badge')).toHaveCount(0);
});

test('Reject asks why; Esc there goes back without rejecting or stopping; the reason reaches the agent', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.setAgentTiming(5, 100);
  await app.askBeforeActions(SEEDED.parser);
  await app.send('Clean up');
  await app.expectStatus('waiting_for_confirmation');

  const bar = page.getByRole('group', { name: 'Pending actions' });
  await bar.getByRole('button', { name: 'Reject…' }).click();
  const form = page.getByRole('form', { name: 'Reject the pending actions' });
  await expect(form.getByLabel(/^Why\?/)).toBeFocused();
  await expectAccessible(page, 'rejecting with a reason');
  await page.keyboard.type('Not now');
  await page.keyboard.press('Escape');
  await expect(bar.getByRole('button', { name: 'Reject…' })).toBeFocused();
  await app.expectStatus('waiting_for_confirmation');

  await app.reject('Use git clean instead.');
  await app.expectStatus('idle');
  const rejected = page.locator('[data-state="rejected"]');
  await expect(rejected).toContainText('Use git clean instead.');
  const sent = await app.mock((server) =>
    server.store.received
      .filter((r) => r.path.endsWith('/events/respond_to_confirmation'))
      .map((r) => r.body),
  );
  expect(sent.at(-1)).toEqual({ accept: false, reason: 'Use git clean instead.' });
});
