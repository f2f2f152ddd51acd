import { expect, test, type Page } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';

// The live session as a person meets it on the mock agent-server: the session socket, what the
// screen says while things go wrong, and the requests a run costs.

/** Every request the page made whose URL contains `part`, from the browser's own record. */
const requests = (page: Page, part: string | RegExp) =>
  page.evaluate(
    ({ source, flags }) => {
      const pattern = new RegExp(source, flags);
      return performance.getEntriesByType('resource').filter((e) => pattern.test(decodeURIComponent(e.name)))
        .length;
    },
    typeof part === 'string'
      ? { source: part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags: '' }
      : { source: part.source, flags: part.flags },
  );

test.describe('the session socket', () => {
  test('a streamed answer never shows text without its beginning unless it says it is partial', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.open();
    await app.setAgentTiming(40, 400);
    // Every state of every live bubble, as painted.
    await page.evaluate(() => {
      const seen: { item: string; lossy: boolean; text: string; reasoning: string }[] = [];
      (window as unknown as { __bubbles: typeof seen }).__bubbles = seen;
      new MutationObserver(() => {
        for (const bubble of document.querySelectorAll<HTMLElement>('.streaming[data-item-id]')) {
          seen.push({
            item: bubble.dataset.itemId!,
            lossy: bubble.dataset.lossy !== undefined,
            text: bubble.querySelector('.stream-answer')?.textContent ?? '',
            reasoning: bubble.querySelector('details p.stream-text')?.textContent ?? '',
          });
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const id = await app.startConversation('Summarise the README');
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 20_000 });
    const seen = await page.evaluate(
      () =>
        (
          window as unknown as {
            __bubbles: { item: string; lossy: boolean; text: string; reasoning: string }[];
          }
        ).__bubbles,
    );
    expect(seen.length).toBeGreaterThan(10);
    const finals = await app.mock(
      (server) =>
        Object.fromEntries(
          server.store.get(location.pathname.split('/').at(-1)!)!.events.map((e) => {
            const event = e as unknown as {
              id: string;
              llm_message?: { content: { text: string }[] };
              thought?: { text: string }[];
              reasoning_content?: string;
            };
            return [
              event.id,
              {
                text: event.llm_message?.content[0]?.text ?? event.thought?.[0]?.text ?? '',
                reasoning: event.reasoning_content ?? '',
              },
            ];
          }),
        ) as Record<string, { text: string; reasoning: string }>,
    );
    // The bubble shows the answer as markdown: compare without the markup.
    const plain = (text: string) => text.replace(/[*`]/g, '').replace(/\s+/g, ' ').trim();
    for (const state of seen.filter((s) => !s.lossy)) {
      const final = finals[state.item];
      expect(final, `the stream ${state.item} is retired by an event with its id`).toBeDefined();
      expect(
        plain(final!.text).startsWith(plain(state.text)),
        `“${state.text}” begins “${final!.text}”`,
      ).toBe(true);
      expect(final!.reasoning.startsWith(state.reasoning.trimEnd())).toBe(true);
    }
    await app.expectRowsMatchServer(id);
  });

  test('the list and the header say the same status during and after a run', async ({ page }) => {
    const app = new Tether(page);
    await app.open();
    await app.setAgentTiming(30, 1500);
    const id = await app.startConversation('Check the list status');
    const listStatus = app.listItem(id).locator('.status-dot');
    await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'running');
    await expect(app.status).toHaveText('Running');
    await expect(listStatus).toHaveAttribute('data-status', 'running');
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 20_000 });
    await expect(app.status).toHaveText('Finished');
    await expect(listStatus).toHaveAttribute('data-status', 'finished');
  });

  test('the name the server gives once the run is over reaches the header and the list', async ({ page }) => {
    const app = new Tether(page);
    await app.open();
    // A run quicker than the server's title call: it is over before the conversation has a name,
    // and nothing on the socket says when the name comes.
    await app.setAgentTiming(1, 5);
    const id = await app.startConversation(
      'Explain why the parser drops headers with a colon in their value',
    );
    await app.expectStatus('finished');
    const named = 'Explain why the parser drops headers with a col...';
    await expect(app.heading).toHaveText(named);
    await expect(app.listItem(id)).toContainText(named);
  });

  test('a run, a rename, a policy change and a delete re-read only what they changed', async ({ page }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.long);
    // Three history pages in the cache, as a reader who scrolled up has.
    await app.scroller.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => requests(page, 'TIMESTAMP_DESC')).toBeGreaterThanOrEqual(2);
    await app.scroller.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => requests(page, 'TIMESTAMP_DESC')).toBeGreaterThanOrEqual(3);
    // An untitled conversation's row reads its first message for a title: that read is done.
    await expect(app.listItem(SEEDED.parallel)).toContainText('What changed recently?');
    const titles = await requests(page, 'kind=MessageEvent');
    const lists = await requests(page, '/conversations/search');
    await app.setAgentTiming(10, 100);
    await app.composer.fill('One more short run');
    await app.composer.press('Enter');
    await app.expectStatus('running');
    await app.expectStatus('finished');
    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible();
    await app.setApproval('Ask for every action');
    await (await app.itemButton(SEEDED.long, 'Rename')).click();
    await page.getByLabel('New title').fill('A long session, renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(app.heading).toHaveText('A long session, renamed');
    await expect(app.listItem(SEEDED.long)).toContainText('A long session, renamed');
    await (await app.itemButton(SEEDED.crash, 'Delete')).click();
    await page.getByRole('button', { name: 'Delete conversation' }).click();
    await expect(app.listItem(SEEDED.crash)).toHaveCount(0);
    // Reading further up may load more pages; reading one twice is what an invalidation does.
    const pages = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => name.includes('TIMESTAMP_DESC')),
    );
    expect(pages.length - new Set(pages).size, 'history pages read again').toBe(0);
    expect(await requests(page, 'kind=MessageEvent'), 'first messages read again').toBe(titles);
    expect(await requests(page, '/conversations/search'), 'list read again').toBe(lists);
  });

  test('when the read that joins history and socket fails, the screen says so, retries, and closes the gap', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.open();
    await app.mock((server) => server.failRequests('sort_order=TIMESTAMP&', 2, 503));
    await app.listItem(SEEDED.parser).getByRole('link').click();
    const banner = page.getByRole('status').filter({ hasText: 'The newest events could not be loaded' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(/Trying again in \d+ s/);
    // Persisted after the history page was read and before the socket joined: only the gap read has it.
    await app.mock((server) => {
      const conversation = server.store.get(location.pathname.split('/').at(-1)!)!;
      server.store.append(conversation, {
        id: 'persisted-in-the-gap',
        timestamp: '2026-11-20T09:30:00.000000',
        kind: 'MessageEvent',
        source: 'agent',
        llm_message: {
          role: 'assistant',
          content: [{ type: 'text', text: 'Written while nobody listened.' }],
        },
      });
    });
    await expect(banner).toHaveCount(0, { timeout: 10_000 });
    await expect(app.log.getByText('Written while nobody listened.')).toBeVisible();
    expect(await requests(page, 'sort_order=TIMESTAMP&')).toBe(3);
  });

  test('a dead server is said at once, and so is its return', async ({ page }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.parser);
    await expect(page.getByText(/Connected/)).toBeVisible();
    await app.mock((server) => server.setDown(true));
    // Not after the next 30-second health poll: as soon as the socket is lost.
    await expect(page.getByText(/Unreachable/)).toBeVisible({ timeout: 5_000 });
    await app.mock((server) => server.setDown(false));
    // The socket's backoff is at most 10 s: it comes back by itself.
    await expect(page.locator('[data-connection="open"]')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Connected/)).toBeVisible({ timeout: 5_000 });
  });

  test('a message sent while the server is away goes by itself, once, when it is back, and says so', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.parser);
    await expect(page.locator('[data-connection="open"]')).toBeVisible();
    await app.mock((server) => server.setDown(true));
    await expect(page.getByText(/Unreachable/)).toBeVisible({ timeout: 5_000 });
    await app.setAgentTiming(5, 50);
    await app.composer.fill('Are you back yet?');
    await app.composer.press('Enter');
    const bubble = page.locator('.pending').filter({ hasText: 'Are you back yet?' });
    await expect(bubble).toHaveAttribute('data-pending-state', 'failed');
    await expect(bubble).toContainText('Tether sends it again by itself, once, when the server is back.');
    await expect(bubble.getByRole('button', { name: 'Retry' })).toBeVisible();
    await app.mock((server) => server.setDown(false));
    // No click: it goes when the socket is back (its backoff is at most 10 s), and says so.
    await expect(page.locator('[data-announcer]')).toContainText(
      'The server is back: your message was sent again.',
      { timeout: 15_000 },
    );
    await expect(app.log.locator('.chat-row.from-user').filter({ hasText: 'Are you back yet?' })).toHaveCount(
      1,
      {
        timeout: 10_000,
      },
    );
    await expect(bubble).toHaveCount(0);
    await expect(app.log.getByText('Done. I looked at the workspace').last()).toBeVisible({
      timeout: 20_000,
    });
    const delivered = await app.mock(
      (server) =>
        server.store.received.filter((r) => JSON.stringify(r.body ?? '').includes('Are you back yet?'))
          .length,
    );
    expect(delivered).toBeLessThanOrEqual(1);
    await expect(app.log.locator('.chat-row.from-user').filter({ hasText: 'Are you back yet?' })).toHaveCount(
      1,
    );
  });

  test('“Live” says what it means, to a finger, a key and a screen reader', async ({ page }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.parser);
    const live = page.getByRole('button', {
      name: 'Live — connected: the agent’s events appear as they happen',
    });
    await expect(live).toHaveAttribute('aria-expanded', 'false');
    await live.click();
    const note = page.getByText('Connected: the agent’s events appear as they happen', { exact: true });
    await expect(note).toBeVisible();
    await expect(live).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'the connection explained');
    // Escape closes the note and nothing else: the run is not stopped, focus stays.
    await page.keyboard.press('Escape');
    await expect(note).toHaveCount(0);
    await expect(live).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(note).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(note).toHaveCount(0);
    // On a phone the word sits near the edge: its note moves to stay on screen.
    await page.setViewportSize({ width: 320, height: 640 });
    await live.click();
    const box = (await note.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
  });

  test('credentials to re-activate: the screen asks the person and does not spin; Try now', async ({
    page,
  }) => {
    await page.clock.install();
    const app = new Tether(page);
    await app.openConversation(SEEDED.parser);
    await expect(page.locator('[data-connection="open"]')).toBeVisible();
    await app.mock((server) => {
      server.credentialsNeeded = true;
      server.dropSockets();
    });
    const banner = page.getByRole('alert').filter({ hasText: 'needs its credentials re-activated' });
    await expect(banner).toBeVisible();
    await expect(page.locator('[data-connection="credentials"]')).toBeVisible();
    await expectAccessible(page, 'credentials to re-activate');
    // Ten minutes on, not one more attempt: nothing changes until someone re-activates them.
    const tried = await app.mock((server) => server.socketConnections);
    await page.clock.fastForward('10:00');
    expect(await app.mock((server) => server.socketConnections)).toBe(tried);
    await app.mock((server) => {
      server.credentialsNeeded = false;
    });
    await banner.getByRole('button', { name: 'Try now' }).click();
    await expect(page.locator('[data-connection="open"]')).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('too many connections to one conversation: said, and tried again slowly', async ({ page }) => {
    await page.clock.install();
    const app = new Tether(page);
    await app.openConversation(SEEDED.parser);
    await expect(page.locator('[data-connection="open"]')).toBeVisible();
    await app.mock((server) => {
      server.maxSubscribers = 0;
      server.dropSockets();
    });
    const banner = page
      .getByRole('status')
      .filter({ hasText: 'as many live connections as the agent-server allows' });
    await expect(banner).toContainText('Tether tries again in 60 s');
    const tried = await app.mock((server) => server.socketConnections);
    // Half a minute on: no new attempt yet (a storm would have made a dozen).
    await page.clock.fastForward('00:30');
    expect(await app.mock((server) => server.socketConnections)).toBe(tried);
    await app.mock((server) => {
      server.maxSubscribers = 50;
    });
    await page.clock.fastForward('00:31');
    await expect(page.locator('[data-connection="open"]')).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('a slow model is shown as waited for, with the time, before any token', async ({ page }) => {
    const app = new Tether(page);
    await app.open();
    // Tokens slow enough that the stream stays on screen for seconds, not one loaded CI moment.
    await app.setAgentTiming(200, 200, 4000);
    await app.startConversation('Think slowly');
    const wait = page
      .locator('.model-wait')
      .filter({ hasText: 'Waiting for the model (openai/gpt-4o-mini)' });
    await expect(wait).toBeVisible({ timeout: 3_000 });
    await expect(wait).toContainText(/no answer for \d+ s/, { timeout: 6_000 });
    await expect(app.streaming).toBeVisible({ timeout: 10_000 });
    await expect(wait).toHaveCount(0);
  });

  test('an agent-server without the session socket is known by its version and served by the legacy one', async ({
    page,
  }) => {
    // The mock has no session route here: an attempt would go to the network and fail.
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname.split('/')[2]!));
    const app = new Tether(page);
    await app.open('/?socket=legacy');
    await app.setAgentTiming(60, 400);
    const id = await app.startConversation('Work on an old server');
    await expect(app.streaming).toContainText(/\w+ \w+/);
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 20_000 });
    await app.expectRowsMatchServer(id);
    // Its version (1.56.0, before the session socket) chose the legacy socket: no attempt wasted.
    expect(sockets.filter((kind) => kind === 'session')).toHaveLength(0);
    await app.listItem(SEEDED.parser).getByRole('link').click();
    await expect(page.locator('[data-connection="open"]')).toBeVisible();
    await expect(app.log.getByText('it now splits on the first colon only.')).toBeVisible();
    expect(sockets.filter((kind) => kind === 'session')).toHaveLength(0);
    // The mock's sockets never reach the network: it counts them itself.
    expect(await app.mock((server) => server.connectionsTo.legacy)).toBeGreaterThanOrEqual(2);
  });

  test('the same link in a second tab shows the conversation, and follows its run live', async ({
    page,
    context,
  }) => {
    const app = new Tether(page);
    await app.open();
    await app.setAgentTiming(40, 800);
    const id = await app.startConversation('Seen from two tabs');
    const other = new Tether(await context.newPage());
    await other.openConversation(id);
    await expect(other.heading).toHaveText('Seen from two tabs');
    // The run goes on in the first tab; the second sees it happen without a reload.
    await expect(other.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 20_000 });
    await other.expectStatus('finished');
    await other.expectRowsMatchServer(id);
    await app.expectRowsMatchServer(id);
    expect(
      await other.mock((server) => server.store.get(location.pathname.split('/').at(-1)!)!.events.length),
    ).toBe(await app.mock((server) => server.store.get(location.pathname.split('/').at(-1)!)!.events.length));
  });

  test('history that could not be read while the server was away is read when the socket is back', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.open();
    await app.mock((server) => server.failRequests('TIMESTAMP_DESC', 3, 503));
    await app.listItem(SEEDED.parser).getByRole('link').click();
    await expect(page.getByRole('alert').filter({ hasText: 'The agent-server answered 503' })).toBeVisible({
      timeout: 15_000,
    });
    await app.mock((server) => server.dropSockets());
    await expect(app.log.getByText('it now splits on the first colon only.')).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
