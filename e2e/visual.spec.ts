import { expect, test } from '@playwright/test';
import { SEEDED, Tether } from './app';

// Deterministic screens: bundled fonts, fixed fixtures and time zone, no animations.

test('conversation list', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  await expect(app.list.getByRole('link')).toHaveCount(20);
  await expect(page).toHaveScreenshot('conversation-list.png');
});

test('a conversation with every kind of card', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 2600 });
  const app = new Tether(page);
  await app.openConversation(SEEDED.gallery);
  await expect(page.getByText('Beginning of the conversation')).toBeVisible();
  await expect(app.log.getByText('That was every card.', { exact: false })).toBeVisible();
  await expect(page).toHaveScreenshot('every-card.png', { fullPage: true });
});
