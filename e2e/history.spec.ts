import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { BENCH } from '../mocks/fixtures';
import { BENCH_SEED } from '../bench/measure';

test.describe('conversation list', () => {
  test('lists conversations newest first, with titles, status and last update, in pages', async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date('2026-11-20T12:00:00Z'));
    const app = new Tether(page);
    await app.open();
    const links = app.list.getByRole('link');
    await expect(links.first()).toContainText('Fix header parsing');
    await expect(links.first()).toContainText('Finished');
    // One line: how long ago; the full date and status on hover.
    await expect(links.first().locator('time')).toHaveText('2 h');
    await expect(links.first()).toHaveAttribute(
      'title',
      'Fix header parsing — Finished · 20 Nov 2026, 09:00',
    );
    // Untitled conversations fall back to their first user message.
    await expect(links.nth(1)).toContainText('What changed recently?');
    await expect(links).toHaveCount(20);
    await app.list.getByRole('button', { name: 'Load more conversations' }).click();
    await expect(links).toHaveCount(34);
    // The oldest, on the second page: the conversation with branches.
    await expect(links.last()).toContainText('Greeting, tried two ways');
    await expect(app.list.getByRole('button', { name: 'Load more conversations' })).toHaveCount(0);
    await expect(app.list.getByRole('link', { name: /Earlier request number 4/ })).toBeVisible();
  });

  test('renames a conversation', async ({ page }) => {
    const app = new Tether(page);
    await app.open();
    const item = app.listItem(SEEDED.parser);
    await item.hover();
    await (await app.itemButton(SEEDED.parser, 'Rename')).click();
    const input = item.getByLabel('New title');
    await input.fill('Parser: split on the first colon');
    await item.getByRole('button', { name: 'Save' }).click();
    await expect(app.list.getByRole('link', { name: /Parser: split on the first colon/ })).toBeVisible();
    const stored = await page.evaluate((id) => window.__tetherMock!.store.get(id)!.info.title, SEEDED.parser);
    expect(stored).toBe('Parser: split on the first colon');
  });

  test('deletes a conversation only after confirmation', async ({ page }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.crash);
    const item = app.listItem(SEEDED.crash);
    await (await app.itemButton(SEEDED.crash, 'Delete')).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Delete “Build after a crash”?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(item).toBeVisible();
    await (await app.itemButton(SEEDED.crash, 'Delete')).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete conversation' }).click();
    await expect(app.list.getByRole('link', { name: /Build after a crash/ })).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate((id) => window.__tetherMock!.store.get(id), SEEDED.crash)).toBeUndefined();
  });

  test('creates a conversation whose first message runs at once', async ({ page }) => {
    const app = new Tether(page);
    await app.open();
    await page.getByLabel('What should the agent do?').fill('Count the files in src/');
    await page.getByRole('button', { name: 'Start conversation' }).click();
    await expect(page).toHaveURL(/\/conversations\//);
    await expect(app.log.locator('.from-user').getByText('Count the files in src/')).toBeVisible();
    await expect(app.log.getByText(/Done. I looked at the workspace/)).toBeVisible({ timeout: 20_000 });
    await expect(app.list.getByRole('link', { name: /Count the files in src\// })).toBeVisible();
    const sent = await page.evaluate(() => window.__tetherMock!.store.received.at(-1));
    expect(sent).toMatchObject({
      path: '/api/conversations',
      body: {
        initial_message: {
          role: 'user',
          content: [{ type: 'text', text: 'Count the files in src/' }],
          run: true,
        },
      },
    });
  });
});

test.describe('servers', () => {
  test('keep URL and key, and tell a wrong key and a dead server apart', async ({ page }) => {
    const app = new Tether(page);
    await app.open();
    await expect(page.getByText('Built-in mock · Connected')).toBeVisible();
    await page.evaluate(() => (window.__tetherMock!.store.sessionApiKeys = ['the-right-key']));
    await app.editServer('Built-in mock', { key: 'a-wrong-key' });
    await expect(app.serverEntry('Built-in mock')).toContainText(
      'Wrong session API key: the server answered 401',
    );
    await expect(app.list.getByRole('alert')).toContainText('rejected the session API key');

    await app.editServer('Built-in mock', { key: 'the-right-key' });
    await expect(app.serverEntry('Built-in mock')).toContainText('Connected (server mock)');
    await expect(app.serverEntry('Built-in mock')).toContainText(
      'Runtime: local · Tools: terminal, file_editor, task_tracker',
    );
    await app.closeServers();
    await expect(page.getByText('Built-in mock · Connected')).toBeVisible();
    await expect(app.list.getByRole('link').first()).toBeVisible();

    // A dead server beside it costs only its own line: the mock's conversations stay.
    await app.addServer({ name: 'Dead', url: 'http://127.0.0.1:9' });
    await expect(app.serverEntry('Dead')).toContainText(/Unreachable: Cannot reach the agent-server/, {
      timeout: 20_000,
    });
    await app.closeServers();
    await expect(page.getByRole('status').filter({ hasText: 'Connected to 1 of 2 servers' })).toContainText(
      'Dead: unreachable',
    );
    await expect(app.list.getByRole('alert')).toContainText('Dead: Cannot reach the agent-server');
    await expect(app.listItem(SEEDED.parser)).toBeVisible();

    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('tether.connection')!).state);
    expect(saved.servers).toEqual([
      {
        id: 'mock',
        name: 'Built-in mock',
        serverUrl: 'http://mock-agent-server.localhost',
        sessionApiKey: 'the-right-key',
      },
      { id: '127-0-0-1-9', name: 'Dead', serverUrl: 'http://127.0.0.1:9', sessionApiKey: '' },
    ]);
    await page.reload();
    await expect(page.getByText(/Dead: unreachable/)).toBeVisible({ timeout: 20_000 });
    await expect(app.listItem(SEEDED.parser)).toBeVisible();
  });
});

test.describe('reading a conversation', () => {
  test('shows messages, thinking, a task list, terminal output, a file diff and the answer', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.parser);
    await expect(app.heading).toHaveText('Fix header parsing');
    await app.scroller.evaluate((el) => (el.scrollTop = 0));
    await expect(app.log.getByText(/The parser tests fail on headers/)).toBeVisible();
    // The plan is a finished step: folded into its line until the reader opens it.
    await app.log.getByRole('button', { name: /task list/ }).click();
    await expect(app.card(/Plan the fix/)).toContainText('Reproduce the failing test');
    const failing = app.card(/Run the parser tests/);
    await expect(failing).toHaveAttribute('data-state', 'done');
    await expect(failing).toContainText('exit code 1');
    await page.getByText('Thinking').first().click();
    await expect(app.log.getByText(/a colon inside the value would break/)).toBeVisible();
    await app.scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    // The edit and the passing suite folded into one line; a reader opens it.
    await app.log.getByRole('button', { name: 'Ran 1 command · edited 1 file (2 steps)' }).click();
    const edit = app.card(/str_replace/);
    await expect(
      edit.getByRole('cell', { name: 'added:     key, value = line.split(":", 1)' }),
    ).toBeVisible();
    await expect(edit.getByRole('cell', { name: 'removed:     key, value = line.split(":")' })).toBeVisible();
    await expect(app.log.locator('.final-answer table')).toContainText('148 passed');
    await app.expectNothingRunning();
  });

  test('highlights code blocks in idle time, loading the highlighter only when code is shown', async ({
    page,
  }) => {
    const highlighterRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/syntaxHighlight[-.][^/]*$/.test(new URL(request.url()).pathname))
        highlighterRequests.push(request.url());
    });
    const app = new Tether(page);
    await app.openConversation(SEEDED.crash);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(highlighterRequests).toEqual([]);

    await app.openConversation(SEEDED.parser);
    await app.scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const block = app.log.locator('.final-answer pre code');
    await expect(block.locator('.hljs-string')).toHaveText('":"');
    await expect(block.locator('.hljs-number')).toHaveText('1');
    await expect(block).toHaveText('key, value = line.split(":", 1)');
    expect(highlighterRequests.filter((url) => url.endsWith('.js') || url.endsWith('.ts'))).toHaveLength(1);
  });

  test('groups parallel calls of one response with their thought once', async ({ page }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.parallel);
    await app.showEveryStep();
    const turn = app.log.locator('.turn').filter({ hasText: 'git status --short' });
    await expect(turn.locator('[data-tool-call-id]')).toHaveCount(2);
    await expect(turn.getByText('Let me look at the repository state')).toHaveCount(1);
    await expect(turn.locator('[data-state="done"]')).toHaveCount(2);
  });

  test('shows one card for a call answered twice after a crash, done, with the restart first', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.crash);
    await app.showEveryStep();
    const cards = app.card(/npm run build/);
    await expect(cards).toHaveCount(1);
    await expect(cards).toHaveAttribute('data-state', 'done');
    const outcomes = cards.locator('.tool-outcome');
    await expect(outcomes).toHaveCount(2);
    await expect(outcomes.nth(0)).toContainText('Result 1: Interrupted by a server restart');
    await expect(outcomes.nth(1)).toContainText('Result 2: exit code 0');
    await expect(outcomes.nth(1)).toContainText('built in 1.20s');
    await app.expectNothingRunning();
  });

  test('settles calls left without a result when the run was stopped', async ({ page }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.interrupted);
    await expect(app.card(/pip install/)).toHaveAttribute('data-state', 'interrupted');
    await expect(app.card(/pytest tests\/slow/)).toHaveAttribute('data-state', 'interrupted');
    await expect(app.card(/pytest tests\/slow/)).toContainText('Interrupted — no result');
    await expect(app.log.getByText('Stopped', { exact: true })).toBeVisible();
    await app.expectNothingRunning();
  });

  test('shows a conversation error with its classification', async ({ page }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.llmError);
    const error = app.log.getByRole('alert');
    await expect(error).toContainText('The conversation stopped with an error (authentication)');
    await expect(error).toContainText('Incorrect API key provided');
    await expect(error).toContainText('Check the LLM settings (model, base URL, API key)');
    await expect(page.getByText(/interrupted by a server restart/)).toHaveCount(0);
  });

  test('explains an error status without an error event as a server restart', async ({ page }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.restart);
    await expect(
      page.locator('.chat-row.notice').filter({ hasText: 'The run was interrupted by a server restart' }),
    ).toBeVisible();
    await expect(app.card(/Train the model/)).toHaveAttribute('data-state', 'interrupted');
    await app.expectNothingRunning();
  });

  test('shows hostile HTML as text, events it cannot show as one quiet line, huge output cut', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.oddities);
    await app.showEveryStep();
    await app.scroller.evaluate((el) => (el.scrollTop = 0));
    await expect(
      app.log.getByText('<script>window.__pwned = true</script>', { exact: false }).first(),
    ).toBeVisible();
    await expect(app.card(/etc\/hosts/)).toHaveAttribute('data-state', 'rejected');
    await expect(app.card(/etc\/hosts/)).toContainText('Do not touch system files.');
    await app.scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    // The two events it cannot show read as one quiet line until opened.
    const unshown = app.log.getByRole('button', { name: '2 events Tether cannot show' });
    await expect(unshown).toHaveAttribute('aria-expanded', 'false');
    await expect(app.log.getByText(/TelemetryPulseEvent/)).toHaveCount(0);
    await unshown.click();
    await expect(
      app.log.getByText('An event of a kind Tether does not know: TelemetryPulseEvent'),
    ).toBeVisible();
    await expect(app.log.getByText('A MessageEvent without llm_message.content')).toBeVisible();
    await expect(app.card(/echo never-loaded/)).toContainText(
      'The call that produced this result is not loaded.',
    );
    await expect(app.log.getByRole('button', { name: /Show [\d,]+ more characters/ })).toBeVisible();
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(await page.locator('.chat-rows script, .chat-rows img[onerror]').count()).toBe(0);
  });

  test('opening each conversation of the mock logs no failed request and no error', async ({ page }) => {
    test.setTimeout(90_000);
    const failures: string[] = [];
    page.on('requestfailed', (request) => failures.push(`${request.url()}: ${request.failure()?.errorText}`));
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.url()}: ${response.status()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    page.on('pageerror', (error) => failures.push(error.message));
    const app = new Tether(page);
    await app.open();
    const links = app.list.getByRole('link');
    await expect(links).toHaveCount(20);
    for (let index = 0; index < 20; index++) {
      await links.nth(index).click();
      await expect(app.log.locator('[data-event-id]').first()).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
    }
    expect(failures).toEqual([]);
  });

  test('loads older pages on scroll-up and keeps the reading position', async ({ page }) => {
    test.setTimeout(120_000);
    const app = new Tether(page);
    // 1,000 events, ten pages: every page boundary is crossed as a reader would, and CI's time
    // is not spent on twenty (the 2,000-event conversation once took a tenth of a worker's run).
    await app.openConversation(BENCH.events1k, BENCH_SEED);
    await expect(app.log.getByText(/Step \d+ is done\./).last()).toBeVisible();
    // Pages of history read so far (the browser's resource list stops at 250 entries: counted apart).
    await page.evaluate(() => {
      const counted = window as { __pagesRead?: number };
      counted.__pagesRead = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name.includes('/events/search')) counted.__pagesRead! += 1;
      }).observe({ type: 'resource', buffered: true });
    });
    const pagesRead = () => page.evaluate(() => (window as { __pagesRead?: number }).__pagesRead ?? 0);
    const beginning = page.getByText('Beginning of the conversation');
    const rowAtTop = () =>
      app.scroller.evaluate(async (el) => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const box = el.getBoundingClientRect();
        const middle = box.top + box.height / 2;
        const row = [...el.querySelectorAll('.chat-row[data-event-id]')].find((r) => {
          const rect = r.getBoundingClientRect();
          return rect.bottom >= middle;
        });
        return {
          id: row?.getAttribute('data-event-id'),
          offset: (row?.getBoundingClientRect().top ?? NaN) - box.top,
          scrollTop: el.scrollTop,
        };
      });
    let reachedStart = false;
    for (let round = 0; round < 40 && !reachedStart; round++) {
      // Just above the point where older pages load, note the row in the middle of the view…
      // (Rows measured on the way change the scroll height: settle there first.)
      await expect
        .poll(() =>
          app.scroller.evaluate(async (el) => {
            el.scrollTop = 700;
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            return el.scrollTop;
          }),
        )
        .toBe(700);
      const before = await rowAtTop();
      expect(before.id).toBeTruthy();
      // …then move up past that point, which loads the older page, and wait for it to be in
      // (right after the scroll, nothing is loading *yet*: that alone would wait for nothing).
      const read = await pagesRead();
      await app.scroller.evaluate((el) => (el.scrollTop = 500));
      const moved = before.scrollTop - 500;
      await expect.poll(async () => (await pagesRead()) > read || (await beginning.isVisible())).toBe(true);
      await expect(page.getByText('Loading earlier messages…')).toHaveCount(0);
      reachedStart = await beginning.isVisible();
      if (!reachedStart) {
        // The row stays where the reader put it, not pushed away by the rows added above.
        const kept = app.log.locator(`.chat-row[data-event-id="${before.id}"]`);
        await expect(kept).toBeInViewport();
        // Read in one go from the scroller: the row element can be replaced between two reads.
        const offset = await app.scroller.evaluate((el, id) => {
          const row = el.querySelector(`.chat-row[data-event-id="${id}"]`);
          return row ? row.getBoundingClientRect().top - el.getBoundingClientRect().top : NaN;
        }, before.id!);
        expect(Math.abs(offset - (before.offset + moved))).toBeLessThan(40);
      } else {
        // As a reader would: the wheel (a programmatic scroll would not end the pin on the row
        // that was being read).
        await app.scroller.hover();
        await page.mouse.wheel(0, -100_000);
      }
    }
    expect(reachedStart).toBe(true);
    await expect(app.log.getByText('Step 1: check module 1.')).toBeVisible();
    expect(await pagesRead()).toBeGreaterThanOrEqual(10);
  });

  test('an older page that adds no row still leads to the next one: the top never stalls', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.open();
    // 1 question, 200 state updates (no rows), then 40 messages: the second page adds no row.
    const id = await app.mock((server) => {
      const conversation = server.store.createConversation('NeverConfirm');
      const base = Date.UTC(2026, 10, 1);
      const at = (i: number) => new Date(base + i * 1000).toISOString().replace('Z', '');
      const message = (i: number, source: 'user' | 'agent', text: string) => ({
        id: `sparse-${i}`,
        timestamp: at(i),
        kind: 'MessageEvent',
        source,
        llm_message: { role: source === 'user' ? 'user' : 'assistant', content: [{ type: 'text', text }] },
      });
      server.store.append(conversation, message(0, 'user', 'The very first question'));
      for (let i = 1; i <= 200; i++)
        server.store.append(conversation, {
          id: `sparse-${i}`,
          timestamp: at(i),
          kind: 'ConversationStateUpdateEvent',
          source: 'environment',
          key: 'stats',
          value: { tick: i },
        });
      for (let i = 201; i <= 240; i++)
        server.store.append(conversation, message(i, i % 2 ? 'user' : 'agent', `Message ${i}`));
      server.store.setStatus(conversation, 'finished');
      return conversation.info.id;
    });
    await app.openConversation(id);
    await expect(app.log.getByText('Message 240')).toBeVisible();
    // One move to the top, as a reader would do, and nothing more.
    await app.scroller.evaluate((el) => (el.scrollTop = 0));
    await expect(app.log.getByText('The very first question')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Beginning of the conversation')).toBeVisible();
  });

  test('Load earlier, Jump to start and Jump to latest', async ({ page }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.long);
    await expect(app.log.getByText(/Step \d+ is done\./).last()).toBeVisible();
    const pages = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/events/search') && e.name.includes('TIMESTAMP_DESC')).length,
      );
    const before = await pages();
    // By keyboard: Tab from the transcript to the button brings it into view, which loads a page by
    // itself; the button says so, and keeps the focus through the load.
    const loadEarlier = page.getByRole('button', { name: /^Load(ing)? earlier messages/ });
    await app.scroller.focus();
    await page.keyboard.press('Tab');
    await expect(loadEarlier).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(pages).toBeGreaterThan(before);
    await expect(loadEarlier).toBeFocused();
    await page.getByRole('button', { name: 'Jump to start' }).click();
    await expect(app.log.getByText('Step 1: check module 1.')).toBeInViewport({ timeout: 30_000 });
    await expect(page.getByText('Beginning of the conversation')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await expect(app.log.getByText(/Step \d+ is done\./).last()).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);
  });

  test('a conversation that fits on the screen offers nowhere to jump', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1600 });
    const app = new Tether(page);
    await app.openConversation(SEEDED.parser);
    await expect(page.getByText('Beginning of the conversation')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Jump to/ })).toHaveCount(0);
    // A smaller window: the rows no longer fit, and there is somewhere to go.
    await page.setViewportSize({ width: 1280, height: 500 });
    await expect(page.getByRole('button', { name: 'Jump to start' })).toBeVisible();
  });

  test('a finished conversation opens at its very end, even when its last rows grow after drawing', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const app = new Tether(page);
    await app.openConversation(SEEDED.oddities);
    await expect(app.log.getByText('That is all.')).toBeInViewport();
    // The edit card near the top draws its diff in the first idle moment, after the rows were measured.
    await expect(app.card(/Edit \/etc\/hosts/).getByRole('table')).toBeVisible();
    const below = () =>
      app.scroller.evaluate((box) => Math.round(box.scrollHeight - box.clientHeight - box.scrollTop));
    await expect.poll(below).toBe(0);
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);
  });
});
