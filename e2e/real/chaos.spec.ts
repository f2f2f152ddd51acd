import type { WebSocketRoute } from '@playwright/test';
import { walkTranscript } from '../rows';
import { openConnected, expect, startConversation, test } from './fixtures';

// A long streamed run on the real agent-server while the socket is cut again and again and the
// page is reloaded twice: afterwards the transcript holds every persisted event once.

// The whole browser (`wholeBrowser`): in the headless shell this page fell behind its socket
// under CI's load (twice in two runs: each replay cut before the page read its first frame, the
// resume cursor stuck, the replays growing), where the whole browser has passed it in every run.
// Left to find out why (docs/agent-server-notes.md).

const TURNS = 60;
const CALLS_PER_TURN = 3;
const MIN_CUTS = 30;

/** A small seeded generator, so a failing run can be replayed with its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

test('chaos: 30+ socket cuts and two reloads during a 300-event streamed run lose and double nothing', async ({
  wholeBrowser: { page },
  server,
  llm,
}, testInfo) => {
  test.setTimeout(300_000);
  const seed = Number(process.env.TETHER_CHAOS_SEED ?? Date.now() % 1_000_000);
  const next = random(seed);
  testInfo.annotations.push({ type: 'seed', description: String(seed) });
  llm.setScript([
    ...Array.from({ length: TURNS }, (_, turn) => ({
      text: `Turn ${turn + 1}: running ${CALLS_PER_TURN} quick commands and saying so in a few words.`,
      tokenMs: 20,
      toolCalls: Array.from({ length: CALLS_PER_TURN }, (_, call) => ({
        name: 'terminal',
        arguments: {
          command: `echo turn-${turn + 1}-call-${call + 1}`,
          summary: `Turn ${turn + 1} call ${call + 1}`,
        },
      })),
    })),
    { text: 'All turns are done.', tokenMs: 8 },
  ]);
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/sockets\/(session|events)\//, (ws) => {
    ws.connectToServer();
    open.add(ws);
    ws.onClose(() => open.delete(ws));
  });
  // Every page of events the app read, with its cursor and what came back: a loss is explained
  // by them (which page ended early, which cursor was dropped).
  const pageReads: string[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('/events/search')) return;
    const at = new Date().toISOString().slice(11, 23);
    const asked = [...url.searchParams].map(([key, value]) => `${key}=${value}`).join('&');
    try {
      const body = (await response.json()) as { items?: { id: string }[]; next_page_id?: string | null };
      const items = body.items ?? [];
      pageReads.push(
        `${at} ${response.status()} ${asked} -> ${items.length} items ` +
          `[${items[0]?.id ?? ''} … ${items.at(-1)?.id ?? ''}] next=${body.next_page_id ?? 'none'}`,
      );
    } catch {
      pageReads.push(`${at} ${response.status()} ${asked} -> unreadable body`);
    }
  });
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Run many quick commands');
  const status = page.locator('.conversation-header [data-status]');
  await expect(status).toHaveAttribute('data-status', 'running', { timeout: 30_000 });

  // Cuts only count while the run goes on; two of them are followed by a reload.
  let cuts = 0;
  let reloads = 0;
  const statusAfterReloadMs: number[] = [];
  const reloadAfter = [Math.floor(MIN_CUTS / 3), Math.floor((2 * MIN_CUTS) / 3)];
  while ((await status.getAttribute('data-status')) !== 'finished') {
    await page.waitForTimeout(50 + next() * 300); // the moments of the cuts are what is random here
    const live = [...open].at(-1);
    if (!live) continue;
    open.delete(live);
    await live.close({ code: 1011, reason: 'cut by the chaos test' });
    cuts++;
    if (cuts === reloadAfter[reloads]) {
      const reloaded = Date.now();
      await page.reload();
      reloads++;
      // After a reload the status comes from the conversation's info or the socket's first
      // frame. Both wait on the server's worker threads, which the cut sockets' unanswered
      // subscriptions hold while a command runs (docs/agent-server-notes.md): under CI's load
      // that once took over 30 s. The wait is said and measured, not hidden in a read's timeout.
      await expect(status, 'the status, after a reload mid-run').toBeAttached({ timeout: 90_000 });
      statusAfterReloadMs.push(Date.now() - reloaded);
    }
  }
  expect(cuts).toBeGreaterThanOrEqual(MIN_CUTS);
  expect(reloads).toBe(2);
  await expect(status).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  await expect(page.locator('[data-connection="open"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('log').getByText('All turns are done.')).toBeVisible({ timeout: 30_000 });

  const events = await server.eventIds(id);
  expect(events.length, 'the run persisted at least 300 events').toBeGreaterThanOrEqual(300);
  await expect(page.locator('.streaming')).toHaveCount(0);
  await expect(page.locator('[data-state="running"]')).toHaveCount(0);
  const { lost, duplicated, shown, rows } = await walkTranscript(page, events);
  const { version } = await server.api<{ version: string }>('/server_info');
  // The line the issue asks for, with what it was measured on.
  console.log(
    `${cuts} cuts, ${lost.length} lost, ${duplicated.length} duplicated ` +
      `(agent-server ${version}, ${events.length} events, ${shown} shown in ${rows} rows, ${reloads} reloads ` +
      `with the status back in ${statusAfterReloadMs.join(' and ')} ms, seed ${seed})`,
  );
  if (lost.length || duplicated.length) {
    await testInfo.attach('event pages read', { body: pageReads.join('\n'), contentType: 'text/plain' });
    // The server's own order, to place each read page in it.
    await testInfo.attach('server event order', {
      body: events.map((event, index) => `${index} ${event.id} ${event.kind}`).join('\n'),
      contentType: 'text/plain',
    });
  }
  expect(lost).toEqual([]);
  expect(duplicated).toEqual([]);
});
