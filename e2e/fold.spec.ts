import { expect, test } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';
import { startWithPastedLog } from './longMessage';

// A message far longer than a screen is folded to its head, with a button for the rest.

test('a 60,000-character message shows its head and the rest on request', async ({ page }) => {
  const app = new Tether(page);
  const message = await startWithPastedLog(app, 'error: linking failed at the very last line');
  const unfold = message.getByRole('button', { name: /^Show all [\d,]+ characters$/ });
  await expect(unfold).toHaveAttribute('aria-expanded', 'false');
  // The head is a code block still: the fence open at the cut is closed.
  await expect(message.locator('pre code')).toContainText('Line 1 of the pasted build log');
  await expect(message).not.toContainText('very last line');
  const folded = (await message.boundingBox())!.height;
  expect(folded).toBeLessThan(1_000);
  await expectAccessible(page, 'a folded message');

  await unfold.click();
  await expect(message).toContainText('error: linking failed at the very last line');
  expect((await message.boundingBox())!.height).toBeGreaterThan(4 * folded);
  await message.getByRole('button', { name: 'Show less' }).click();
  await expect(message).not.toContainText('very last line');
  await expect(unfold).toBeFocused();
});

test('a long answer watched to its end stays whole; opened again from history, it folds', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  await app.setAgentTiming(1, 0);
  await app.startConversation('Explain the parser at length');
  await app.expectStatus('finished');
  const answer = app.log
    .locator('.chat-row.from-agent')
    .filter({ hasText: 'Paragraph 1 of the explanation' });
  // The words just read stay where they were: nothing is cut under the reader.
  await expect(answer).toContainText('That is all there is to say about it.');
  await expect(answer.getByRole('button', { name: /^Show all/ })).toHaveCount(0);
  await page.reload();
  await expect(answer.getByRole('button', { name: /^Show all [\d,]+ characters$/ })).toBeVisible();
  await expect(answer).not.toContainText('That is all there is to say about it.');
});
