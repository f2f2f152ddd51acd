import { expect, test } from './test';
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

test('a header that fails while drawn says so in its place; the conversation goes on, and Retry draws it', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.setAgentTiming(5, 50);
  // The Live word's note comes from a chunk that throws when drawn (a mismatched deploy's).
  await app.mock((m) => m.breakAssets('/ConnectionMeaning-[^/]+\\.js$'));
  await page.locator('.conversation-header').getByRole('button', { name: /^Live/ }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'The conversation’s header could not be drawn' });
  await expect(failed).toBeVisible();
  await expect(page.locator('.conversation-header')).toHaveCount(0);
  // The conversation is still named for a screen reader, and passes axe.
  await expect(page.getByRole('region', { name: 'Fix header parsing' })).toBeVisible();
  await expectAccessible(page, 'a header that failed while drawn');

  // Below it, the conversation goes on: a message goes and is answered; the list is there too.
  await app.send('Still there?');
  await expect(app.log.locator('.chat-row.from-user').filter({ hasText: 'Still there?' })).toHaveAttribute(
    'data-event-id',
    /.+/,
  );
  await expect
    .poll(() =>
      page.evaluate((id) => window.__tetherMock!.store.get(id)?.info.execution_status, SEEDED.parser),
    )
    .toBe('finished');
  await expect(app.log.getByText(/noted “Still there\?” in/)).toBeVisible();
  await expect(app.list.getByRole('link', { name: /What changed recently\?/ })).toBeVisible();

  // Esc still stops a run: Stop is the conversation's command, not its header's.
  const serverStatus = () =>
    page.evaluate((id) => window.__tetherMock!.store.get(id)?.info.execution_status, SEEDED.parser);
  await app.setAgentTiming(40, 60_000);
  await app.send('A long one');
  await expect.poll(serverStatus).toBe('running');
  await app.scroller.focus();
  await page.keyboard.press('Escape');
  await expect.poll(serverStatus).toBe('paused');

  await app.mock((m) => m.breakAssets(undefined));
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fix header parsing' })).toBeVisible();
  await app.expectStatus('paused');
  await expect(failed).toBeHidden();
});

test('a title the server sends as no text takes nothing down: the first message names the conversation', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await page.evaluate((id) => {
    const info = window.__tetherMock!.store.get(id)!.info as Record<string, unknown>;
    info.title = { text: 'not a string' };
    info.parent_conversation_id = 42;
  }, SEEDED.parser);
  // Read again on the way back to it.
  await app.list.getByRole('link', { name: /What changed recently\?/ }).click();
  await app.list
    .getByRole('link', { name: /Fix header parsing|parse_header/ })
    .first()
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be drawn' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
  await expect(app.composer).toBeVisible();
});
