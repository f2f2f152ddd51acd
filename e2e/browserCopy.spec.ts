import { expect, test, type Page } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import {
  copiedConversations,
  copiedEventIds,
  copiedResumeSeq,
  expectCopied,
  nextStartHolds,
  nextStartIsAway,
  shownEventIds,
} from './browserCopy';

// This browser's copy of conversations (issue 22): a conversation opened before paints from it
// before the server answers, and the server's word wins whenever the two disagree.

async function openAndKeep(app: Tether, id: string): Promise<string[]> {
  await app.openConversation(id);
  const shown = await shownEventIds(app.page);
  await expectCopied(app.page, id, shown);
  return shown;
}

/** The conversations the list shows, in its order. */
async function listedIds(app: Tether): Promise<string[]> {
  return app.list
    .locator('li[data-conversation-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-conversation-id')!));
}

/** Every row shows its event once, and the rows are these events (folded steps aside). */
async function expectShownOnce(page: Page, eventIds: readonly string[]) {
  await expect.poll(() => shownEventIds(page)).toEqual(eventIds);
  const rows = await page
    .locator('.chat-row[data-event-id]')
    .evaluateAll((all) => all.map((row) => row.getAttribute('data-event-id')));
  expect(new Set(rows).size).toBe(rows.length);
}

test('a conversation opened before paints from the copy before the server answers', async ({ page }) => {
  const app = new Tether(page);
  const shown = await openAndKeep(app, SEEDED.parser);
  await nextStartHolds(page, 'events/search');
  await page.reload();
  // No history page has come: the rows are the copy's.
  await expect(app.log.locator('[data-event-id]').last()).toBeVisible();
  expect(await shownEventIds(page)).toEqual(shown);
  await expect(page.getByText('Loading history')).toHaveCount(0);
  // And the screen says so, until the server has confirmed them.
  const checking = page.getByRole('status').filter({ hasText: /^Shown from this browser’s copy of / });
  await expect(checking).toContainText('checking with the server');
  await expectAccessible(page, 'rows painted from the copy');
  await page.evaluate(() => sessionStorage.removeItem('tether.mock-hold'));
  await app.mock((server) => server.releaseRequests());
  // The server's page joins the copy: nothing doubled, nothing lost.
  await expect(page.getByText('Loading history')).toHaveCount(0);
  await expectShownOnce(page, shown);
  await expect(checking).toHaveCount(0);
});

test('with every request to the server held, the list and the rows of a second visit are this browser’s', async ({
  page,
}) => {
  const app = new Tether(page);
  const shown = await openAndKeep(app, SEEDED.parser);
  const listed = await listedIds(app);
  expect(listed.length).toBeGreaterThan(1);
  // Nothing the server is asked for is answered: whatever the screen shows is kept here.
  await nextStartHolds(page, '.');
  await page.reload();
  await expect(app.log.locator('[data-event-id]').last()).toBeVisible();
  expect(await shownEventIds(page)).toEqual(shown);
  await expect.poll(() => listedIds(app)).toEqual(listed);
  const checking = app.list.getByRole('status').filter({ hasText: /^As this browser last read it, / });
  await expect(checking).toContainText('checking with Built-in mock');
  await expectAccessible(page, 'a list painted from this browser');
  await page.evaluate(() => sessionStorage.removeItem('tether.mock-hold'));
  await app.mock((server) => server.releaseRequests());
  // The server's page replaces the kept one: the note goes, each conversation listed once.
  await expect(checking).toHaveCount(0);
  await expect.poll(() => listedIds(app)).toEqual(listed);
  await expectShownOnce(page, shown);
});

test('a conversation reopened shows, once, what the server added while it was closed', async ({ page }) => {
  const app = new Tether(page);
  const shown = await openAndKeep(app, SEEDED.parser);
  await app.list.getByRole('link', { name: /What changed recently/ }).click();
  const { added, newestKept } = await app.mock((server) => {
    const conversation = server.store.get('3f1c2a4e-0000-4000-8000-000000000001')!;
    const newestKept = conversation.events.length - 1;
    const added = server.store.append(conversation, {
      ...server.store.clockFor(conversation).next(),
      kind: 'MessageEvent',
      source: 'user',
      llm_message: { role: 'user', content: [{ type: 'text', text: 'Written from another tab' }] },
    } as never).id;
    return { added, newestKept };
  });
  expect(await copiedResumeSeq(page, SEEDED.parser)).toBe(newestKept);
  await app.listItem(SEEDED.parser).getByRole('link').click();
  await expect(app.log.getByText('Written from another tab')).toHaveCount(1);
  await expectShownOnce(page, [...shown, added]);
  await expectCopied(page, SEEDED.parser, [added]);
  // The socket asked only for what came after the copy's newest event.
  const subscriptions = await app.mock((server) =>
    server.sessionSubscriptions.filter((s) => s.conversationId === '3f1c2a4e-0000-4000-8000-000000000001'),
  );
  expect(subscriptions.map((s) => s.afterSeq)).toEqual([null, newestKept]);
  await expect.poll(() => copiedResumeSeq(page, SEEDED.parser)).toBe(newestKept + 1);
});

test('a conversation opened again asks the server only for what came after the copy', async ({ page }) => {
  const app = new Tether(page);
  const shown = await openAndKeep(app, SEEDED.parser);
  const { added, keptNewest } = await app.mock((server) => {
    const conversation = server.store.get('3f1c2a4e-0000-4000-8000-000000000001')!;
    const keptNewest = conversation.events.at(-1)!.id;
    const added = server.store.append(conversation, {
      ...server.store.clockFor(conversation).next(),
      kind: 'MessageEvent',
      source: 'user',
      llm_message: { role: 'user', content: [{ type: 'text', text: 'Written while this tab was away' }] },
    } as never).id;
    return { added, keptNewest };
  });
  const reads: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(`/${'3f1c2a4e-0000-4000-8000-000000000001'}/events/search`)) reads.push(url);
  });
  await page.reload();
  await expect(app.log.getByText('Written while this tab was away')).toHaveCount(1);
  await expectShownOnce(page, [...shown, added]);
  // The newest hundred were not asked for again: one read from the copy's newest event on (it
  // joins the copy), and the session's join after the newest held.
  const newestHundred = reads.filter((url) => url.searchParams.get('sort_order') === 'TIMESTAMP_DESC');
  expect(newestHundred.map(String)).toEqual([]);
  expect(reads[0]!.searchParams.get('page_id')).toBe(keptNewest);
  expect(reads[0]!.searchParams.get('sort_order')).toBe('TIMESTAMP');
  await expectCopied(page, SEEDED.parser, [added]);
});

test('a kept conversation opened by its address opens the copy before the app’s scripts run', async ({
  page,
}) => {
  const app = new Tether(page);
  await openAndKeep(app, SEEDED.parser);
  // Each opening of IndexedDB, and whether the page's body (and its scripts) had been read yet.
  await page.addInitScript(() => {
    const opened: { name: string; bodyRead: boolean }[] = [];
    (window as { __copyOpens?: typeof opened }).__copyOpens = opened;
    const open = indexedDB.open.bind(indexedDB);
    indexedDB.open = (name: string, version?: number) => {
      opened.push({ name, bodyRead: document.getElementById('root') !== null });
      return open(name, version);
    };
  });
  await page.reload();
  await expect(app.log.locator('[data-event-id]').last()).toBeVisible();
  const opens = await page.evaluate(() => (window as { __copyOpens?: unknown[] }).__copyOpens);
  expect(opens?.[0]).toEqual({ name: 'tether-copy', bodyRead: false });
  // The early connection goes once the app has its own: it would hold up a Clear or an upgrade.
  await expect
    .poll(() => page.evaluate(() => (window as { __tetherCopyWarm?: unknown }).__tetherCopyWarm))
    .toBeUndefined();
});

test('a conversation deleted elsewhere leaves no rows from the copy, and no copy', async ({ page }) => {
  const app = new Tether(page);
  await openAndKeep(app, SEEDED.parser);
  await app.mock((server) => server.store.remove('3f1c2a4e-0000-4000-8000-000000000001'));
  // The keeper of the copy comes after the server's answer, as it did on a loaded machine: the
  // rows read early from the copy must still go.
  let releaseKeeper = () => {};
  const keeperReleased = new Promise<void>((resolve) => (releaseKeeper = resolve));
  let keeperHeld = 0;
  await page.route(/\/copyKeeping-[\w-]+\.js$/, async (route) => {
    keeperHeld++;
    await keeperReleased;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'does not know this' }).first()).toBeVisible();
  // Held indeed: a renamed chunk would let the keeper through and the journey prove nothing.
  await expect.poll(() => keeperHeld).toBe(1);
  releaseKeeper();
  await expect(app.log.locator('[data-event-id]')).toHaveCount(0);
  await expect.poll(() => copiedEventIds(page, SEEDED.parser)).toEqual([]);
});

test('a server reset under the same conversation replaces the copy with what it holds', async ({ page }) => {
  const app = new Tether(page);
  await openAndKeep(app, SEEDED.parser);
  await expect.poll(() => copiedResumeSeq(page, SEEDED.parser)).toBeGreaterThan(1);
  const kept = await copiedResumeSeq(page, SEEDED.parser);
  // The server lost the conversation's log and holds a new one under the same id.
  await app.mock((server) => {
    const conversation = server.store.get('3f1c2a4e-0000-4000-8000-000000000001')!;
    const said = (id: string, source: string, text: string) => ({
      ...server.store.clockFor(conversation).next(),
      id,
      kind: 'MessageEvent',
      source,
      llm_message: { role: source === 'user' ? 'user' : 'assistant', content: [{ type: 'text', text }] },
    });
    const events = [
      said('reset-1', 'user', 'Asked after the reset'),
      said('reset-2', 'agent', 'Answered after the reset'),
    ];
    conversation.info.leaf_event_id = 'reset-2';
    server.store.replaceEvents(conversation, events as never);
  });
  await page.reload();
  await expect(app.log.getByText('Answered after the reset')).toBeVisible();
  await expectShownOnce(page, ['reset-1', 'reset-2']);
  await expect.poll(() => copiedEventIds(page, SEEDED.parser)).toEqual(['reset-1', 'reset-2']);
  // The socket first resumed after the copy's seq, which the reset server never reached; once the
  // copy was dropped it subscribed again live only, and the copy now keeps the new log's seq.
  // The socket waits a second at most for the copy's read (the conversation controller): on a
  // loaded machine the read once took longer, and the socket rightly asked live only at once.
  const subscriptions = await app.mock((server) =>
    server.sessionSubscriptions.filter((s) => s.conversationId === '3f1c2a4e-0000-4000-8000-000000000001'),
  );
  expect([[kept, null], [null]]).toContainEqual(subscriptions.map((s) => s.afterSeq));
  await expect.poll(() => copiedResumeSeq(page, SEEDED.parser)).toBe(1);
});

test('the least recently opened conversation leaves the copy above its limit', async ({ page }) => {
  const app = new Tether(page);
  await openAndKeep(app, SEEDED.parser);
  // A limit so small that one conversation fills it (the setting offers tens of megabytes).
  await page.evaluate(() => localStorage.setItem('tether.copyLimitMb', '0.001'));
  await app.listItem(SEEDED.crash).getByRole('link').click();
  await expect
    .poll(async () => (await copiedConversations(page)).map((held) => held.conversation))
    .toEqual([SEEDED.crash]);
});

test('the settings say what the copy holds, and clear it', async ({ page }) => {
  const app = new Tether(page);
  await openAndKeep(app, SEEDED.parser);
  await openAndKeep(app, SEEDED.crash);
  const settings = await app.openSettings();
  const section = settings.getByRole('region', { name: "This browser's copy" });
  await expect(section.getByRole('status')).toHaveText(/^2 conversations kept, \d+(\.\d)? MB$/);
  await expect(section.getByRole('combobox', { name: 'Keep up to' })).toHaveValue('100');
  // Where Tether opens offline is said where it is not: here, beside the built-in mock.
  await expect(
    section.getByText(/^Beside the built-in mock agent-server Tether keeps no files for offline/),
  ).toBeVisible();
  await expectAccessible(page, 'settings with the browser copy');
  await section.getByRole('button', { name: "Clear this browser's copy" }).click();
  await expect(section.getByRole('status')).toHaveText("This browser's copy is cleared.");
  expect(await copiedConversations(page)).toEqual([]);
});

test('with the server away, a kept conversation reads from the copy and says so', async ({ page }) => {
  const app = new Tether(page);
  const shown = await openAndKeep(app, SEEDED.parser);
  const listed = await listedIds(app);
  await nextStartIsAway(page, true);
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: "browser's copy" });
  await expect(banner).toContainText('The server cannot be reached');
  await expect(banner).toContainText('Sending, stopping and approving need the server');
  expect(await shownEventIds(page)).toEqual(shown);
  // The list is the one this browser last read: this conversation among the others it showed.
  await expect(app.listItem(SEEDED.parser)).toBeVisible();
  await expect.poll(() => listedIds(app)).toEqual(listed);
  await expect(app.heading).toHaveText('Fix header parsing');
  await expectAccessible(page, 'a conversation read from the copy');
  await nextStartIsAway(page, false);
  await app.mock((server) => server.setDown(false));
  // The server is back: the banner goes, and the rows are the server's, once.
  await expect(banner).toHaveCount(0, { timeout: 20_000 });
  await expectShownOnce(page, shown);
});
