import { expect, test } from '@playwright/test';
import { SEEDED, Tether } from './app';
import { WorkspacePanel } from './workspace';
import { expectAccessible } from './axe';

// A part of the screen that fails stays a part: the rest of the app keeps working.

test('a part whose code fails to load says so in its place, the chat keeps working, and Retry loads it', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.setAgentTiming(5, 50);
  const workspace = new WorkspacePanel(page);
  await app.mock((m) => m.failAssets('/WorkspacePanel-[^/]+\\.js$'));
  await page.locator('.conversation-header').getByRole('button', { name: 'Workspace' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'This part could not load.' });
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectAccessible(page, 'a part that could not load');

  // The conversation beside it is untouched: a message goes and is answered.
  await app.send('Still there?');
  await expect(app.log.locator('.chat-row.from-user').filter({ hasText: 'Still there?' })).toHaveAttribute(
    'data-event-id',
    /.+/,
  );
  await app.expectStatus('finished');

  await app.mock((m) => m.failAssets(undefined));
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(workspace.panel).toBeVisible();
  await expect(workspace.panel).not.toHaveAttribute('aria-busy', 'true');
  await expect(workspace.summary).toBeVisible();
  await expect(failed).toBeHidden();
});
