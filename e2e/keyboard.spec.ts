import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { attachImageAndEnlarge } from './clipboard';
import { WorkspacePanel } from './workspace';

// Using Tether with the keyboard alone.

test('Esc closes what is open — field, popover, dialogs — and stops the agent only from the transcript', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.setAgentTiming(5, 120_000);
  await app.send('Run the slow suite');
  await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'running');
  const stillRunning = async () => {
    await expect(app.status).toHaveAttribute('data-status', 'running');
    expect(await app.mock((m) => m.store.received.filter((r) => /interrupt|pause/.test(r.path)).length)).toBe(
      0,
    );
  };

  // The message box (an edit field).
  await app.composer.focus();
  await page.keyboard.press('Escape');
  await stillRunning();

  // The Servers dialog: Esc in its form leaves the form, Esc again the dialog, focus back on its
  // button.
  await app.openServers();
  await app.serversDialog.getByRole('button', { name: 'Add server' }).click();
  await expect(app.serversDialog.getByLabel('Server URL')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(app.serversDialog.getByRole('form')).toBeHidden();
  await expect(app.serversDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(app.serversDialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Servers', exact: true })).toBeFocused();
  await stillRunning();

  // Renaming (an edit field): left, focus back on the row.
  const item = app.listItem(SEEDED.parser);
  await (await app.itemButton(SEEDED.parser, 'Rename')).click();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('New title')).toBeHidden();
  await expect(item.getByRole('link')).toBeFocused();
  await stillRunning();

  // The delete dialog.
  await (await app.itemButton(SEEDED.parser, 'Delete')).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await stillRunning();

  // An image shown full size.
  await attachImageAndEnlarge(page);
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await stillRunning();

  // "?" typed in the message box is a question mark, not the shortcuts sheet.
  await app.composer.fill('Why');
  await app.composer.press('?');
  await expect(app.composer).toHaveValue('Why?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  await app.composer.fill('');

  // The shortcuts sheet, opened with "?".
  await app.scroller.focus();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  await stillRunning();

  // The transcript: Esc is Stop.
  await app.scroller.focus();
  await page.keyboard.press('Escape');
  await app.expectStatus('paused');
});

test('a skip link reaches the message box; the transcript scrolls from the keyboard', async ({ page }) => {
  const app = new Tether(page);
  // On the home screen there is no message box: the skip link goes to the new conversation's task.
  await app.open();
  // (The form loads lazily: until it is there, the link goes to the main content.)
  await expect(page.getByLabel('What should the agent do?')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the task field' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('What should the agent do?')).toBeFocused();

  await app.openConversation(SEEDED.long);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the message box' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(app.composer).toBeFocused();

  await app.scroller.focus();
  const top = () => app.scroller.evaluate((el) => el.scrollTop);
  const before = await top();
  await page.keyboard.press('PageUp');
  await expect.poll(top).toBeLessThan(before);
  await page.keyboard.press('End');
  // At the end again (rows measured on the way may have changed the height since).
  await expect
    .poll(() => app.scroller.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop))
    .toBeLessThanOrEqual(2);
});

test('focus follows what was done: the new conversation’s composer, the renamed row, the list after delete', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  await app.setAgentTiming(5, 50);
  await app.startConversation('Write the changelog');
  await expect(app.composer).toBeFocused();

  const item = app.listItem(SEEDED.crash);
  await (await app.itemButton(SEEDED.crash, 'Rename')).click();
  await page.getByLabel('New title').fill('Build after the crash');
  await page.getByLabel('New title').press('Enter');
  await expect(item.getByRole('link', { name: /Build after the crash/ })).toBeFocused();

  await (await app.itemButton(SEEDED.crash, 'Delete')).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete conversation' }).click();
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeFocused();
});

test('one level-one heading and the landmarks on every screen; user messages keep their line breaks', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New conversation');
  for (const landmark of ['banner', 'navigation', 'main'] as const)
    await expect(page.getByRole(landmark).first()).toBeVisible();
  await app.openConversation(SEEDED.parser);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await app.setAgentTiming(5, 50);
  await app.composer.fill('First line');
  await app.composer.press('Shift+Enter');
  await app.composer.pressSequentially('second line');
  await app.composer.press('Enter');
  const sent = app.log.locator('.chat-row.from-user[data-event-id]').filter({ hasText: 'First line' });
  // The line boxes of the paragraph's text: one per line on screen.
  const lines = await sent.locator('.markdown p').evaluate((p) => {
    const range = document.createRange();
    range.selectNodeContents(p);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(2);
});

test('in the workspace, ← → move between the views and ↑ ↓ through the files', async ({ page }) => {
  const app = new Tether(page);
  const workspace = new WorkspacePanel(page);
  await app.open(`/conversations/${SEEDED.parser}?workspace=changes&path=parser.py`);
  await expect(workspace.diff('parser.py')).toBeVisible();
  await workspace.tab('Changes').focus();
  await page.keyboard.press('ArrowRight');
  await expect(workspace.tab('Commits')).toBeFocused();
  await expect(workspace.tab('Commits')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(workspace.tab('Changes')).toHaveAttribute('aria-selected', 'true');

  const files = workspace.panel.locator('.changed-files > li > button');
  await files.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(files.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(files.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(files.first()).toBeFocused();
});

test('with reduced motion the spinner stands still; the connection word says what it means', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  const live = page.locator('[data-connection="open"]');
  // Said to a screen reader with the word, and shown when pressed (session.spec.ts).
  await expect(live).toHaveText('Live');
  await expect(live).toHaveAccessibleName('Live — connected: the agent’s events appear as they happen');
  await app.setAgentTiming(40, 60_000);
  await app.send('Tidy up');
  const spinner = page.locator('.spinner').first();
  await expect(spinner).toBeVisible();
  const animation = () => spinner.evaluate((element) => getComputedStyle(element).animationName);
  expect(await animation()).not.toBe('none');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).toBe('none');
});
