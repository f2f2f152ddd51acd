import { expect, test } from './test';
import { SEEDED, Tether } from './app';

// What a screen reader hears: one polite live region, the moments of a run, nothing else.

test('a run is announced moment by moment; history, tokens and whole outputs are not', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.long);
  const region = page.locator('[data-announcer]');
  await expect(region).toHaveAttribute('role', 'status');
  // Loading a long history, and older pages while scrolling up, says nothing.
  await app.scroller.evaluate((el) => (el.scrollTop = 0));
  await expect(page.getByText('Loading earlier messages…')).toBeHidden();
  await expect(region.locator('p')).toHaveCount(0);

  await app.openConversation(SEEDED.parser);
  await app.setAgentTiming(20, 300);
  await app.send('Tidy the README');
  await expect(app.log.getByText(/^Done\. I looked at the workspace/)).toBeVisible({ timeout: 20_000 });
  await app.expectStatus('finished');
  await expect(region.locator('p')).toHaveText([
    'The agent started working.',
    'Running ls -la.',
    'terminal finished.',
    'Editing README.md.',
    'file_editor finished.',
    'The agent replied: Done. I looked at the workspace and noted “Tidy the README” in README.md.',
  ]);
  // The transcript itself holds no live region: rows drawn while scrolling are never announced.
  await expect(app.log.locator('[role=status], [aria-live]')).toHaveCount(0);
});

test('waiting for approval and an error are announced', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.setAgentTiming(5, 100);
  await app.askBeforeActions(SEEDED.parser);
  await app.send('Clean up');
  await app.expectStatus('waiting_for_confirmation');
  const region = page.locator('[data-announcer] p');
  await expect(region).toContainText(['The agent waits for your approval.']);
  await app.reject();
  await expect(region.last()).toHaveText('The action was rejected.');
});
