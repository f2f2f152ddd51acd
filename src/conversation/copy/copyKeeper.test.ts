import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConversationEventLog } from '../eventLog';
import { CopyKeeper, type CopyKeeperDependencies, type CopyState, type HistoryPage } from './copyKeeper';
import { EventCopy } from './eventCopy';
import { resumeSeqOf } from './copyResume';

const S = 'http://127.0.0.1:8000';
const message = (n: number) => ({
  id: `e${n}`,
  kind: 'MessageEvent',
  source: n % 2 ? 'agent' : 'user',
  timestamp: `2026-11-26T10:${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`,
  llm_message: { role: n % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: `message ${n}` }] },
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
/** The server's newest page of a log: newest first. */
const newestPage = (log: ReturnType<typeof range>, size = 100): HistoryPage => {
  const items = log.slice(-size).reverse();
  return { items, next_page_id: log.length > size ? log[log.length - size - 1]!.id : null };
};

// The info as react-query holds it: the same object until it is read again.
const INFO = {
  id: 'c1',
  title: 'Parser',
  execution_status: 'finished',
  agent: { llm: { api_key: 'sk-kept-out' } },
};

let copy: EventCopy;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  copy = (await EventCopy.open())!;
});

function keeper(overrides: Partial<CopyKeeperDependencies> = {}) {
  const log = new ConversationEventLog();
  const states: CopyState[] = [];
  let pages: HistoryPage[] = [];
  let whole = false;
  const timers: (() => void)[] = [];
  const deps: CopyKeeperDependencies = {
    server: S,
    conversation: 'c1',
    log,
    copy: async () => copy,
    holdsEverything: () => whole,
    limitBytes: () => 1e9,
    history: () => pages,
    info: () => INFO,
    onReset: vi.fn(),
    onState: (state) => states.push(state),
    setTimeout: (fn) => timers.push(fn),
    clearTimeout: () => {},
    ...overrides,
  };
  const made = new CopyKeeper(deps);
  return {
    made,
    log,
    states,
    deps,
    /** The server's page arrives and is fed to the log, as the view model does. */
    serve(page: HistoryPage) {
      pages = [...pages, page];
      log.ingest(page.items as unknown[]);
      if (pages.length === 1) made.serverPage(page.items as unknown[], Boolean(page.next_page_id));
    },
    holdEverything() {
      whole = true;
    },
    /** Runs the writes that were put off (only those: nothing asks for a write here). */
    runTimers() {
      while (timers.length) timers.shift()!();
    },
  };
}

const ids = (log: ConversationEventLog) => log.projection.rows.map((row) => row.eventId);

describe('the keeper of a conversation copy', () => {
  it('paints the copy before the server answers, joins its newest page and writes what came since', async () => {
    await copy.write(S, 'c1', {
      events: range(0, 149),
      olderCursor: null,
      head: 'e149',
      info: { id: 'c1', title: 'Parser' },
    });
    const { made, log, states, serve, holdEverything } = keeper();
    await made.open();
    expect(states.at(-1)).toMatchObject({ kind: 'painted' });
    expect(log.has('e149') && log.has('e50') && !log.has('e49')).toBe(true);

    const server = range(0, 159);
    serve(newestPage(server));
    expect(states.at(-1)).toMatchObject({ kind: 'joined' });
    holdEverything();
    await made.save();
    expect((await copy.newest(S, 'c1', 1000))?.events).toEqual(server);
    // The older pages of the server come from the copy, with the server's own cursors.
    expect((await copy.page(S, 'c1', 'e59', 100))?.items).toEqual(range(0, 59).reverse());
  });

  it("keeps the socket's seq with the newest event written, and only while that event stays newest", async () => {
    let seq: number | undefined;
    const { made, serve, holdEverything } = keeper({ heldThroughSeq: () => seq });
    await made.open();
    serve(newestPage(range(0, 19)));
    holdEverything();
    seq = 19;
    await made.save();
    const kept = await copy.read(S, 'c1');
    expect(resumeSeqOf(kept)).toBe(19);
    // Written again without a seq (a legacy socket): none is kept.
    seq = undefined;
    await copy.write(S, 'c1', { events: range(0, 20), olderCursor: null, head: undefined, info: undefined });
    expect(resumeSeqOf(await copy.read(S, 'c1'))).toBeUndefined();
    // A seq kept with an event that is no longer the newest does not count.
    expect(resumeSeqOf({ highId: 'e20', resume: { eventId: 'e19', seq: 19 } })).toBeUndefined();
  });

  it('drops the copy and its rows when the server does not hold its newest event', async () => {
    await copy.write(S, 'c1', { events: range(0, 9), olderCursor: null, head: undefined, info: undefined });
    const { made, log, states, serve, deps } = keeper();
    await made.open();
    expect(log.has('e9')).toBe(true);
    // A reset server: the conversation has other events now.
    const other = range(500, 503);
    serve(newestPage(other));
    expect(states.at(-1)).toEqual({ kind: 'dropped', reason: 'unknown to the server' });
    expect(log.has('e9')).toBe(false);
    expect(deps.onReset).toHaveBeenCalled();
    await vi.waitFor(async () => expect(await copy.read(S, 'c1')).toBeUndefined());
  });

  it('drops a copy more than a page behind the server, for the hole it would leave', async () => {
    await copy.write(S, 'c1', { events: range(0, 9), olderCursor: null, head: undefined, info: undefined });
    const { made, states, serve } = keeper();
    await made.open();
    serve(newestPage(range(0, 300)));
    expect(states.at(-1)).toEqual({ kind: 'dropped', reason: 'behind' });
  });

  it('never paints a copy that the server page, come first, has already shown wrong', async () => {
    await copy.write(S, 'c1', { events: range(0, 9), olderCursor: null, head: undefined, info: undefined });
    const { made, log, serve, deps } = keeper();
    serve(newestPage(range(500, 503)));
    await made.open();
    expect(log.has('e9')).toBe(false);
    expect(deps.onReset).not.toHaveBeenCalled();
  });

  it("writes the server's events in place of a copy dropped before it was painted, unprompted", async () => {
    await copy.write(S, 'c1', { events: range(0, 9), olderCursor: null, head: undefined, info: undefined });
    const { made, serve, holdEverything, runTimers } = keeper();
    serve(newestPage(range(500, 503)));
    // The write the page asked for came too early: the log was not whole yet.
    runTimers();
    await made.save();
    expect((await copy.newest(S, 'c1', 100))?.events).toEqual(range(0, 9));
    holdEverything();
    await made.open();
    // Nothing changes after: the keeper writes of its own accord.
    runTimers();
    await vi.waitFor(async () => expect((await copy.newest(S, 'c1', 100))?.events).toEqual(range(500, 503)));
  });

  it('takes a read made before the view was drawn, and takes its rows away when the server disowns it', async () => {
    await copy.write(S, 'c1', { events: range(0, 9), olderCursor: null, head: undefined, info: undefined });
    const early = copy.newest(S, 'c1', 100);
    const used = vi.fn();
    const { made, log, serve, deps } = keeper({ early: () => early, earlyUsed: used });
    // Painted early, as the conversation controller does, before the keeper existed.
    log.ingest((await early)!.events);
    serve(newestPage(range(500, 503)));
    await made.open();
    expect(used).toHaveBeenCalled();
    expect(log.has('e9')).toBe(false);
    expect(deps.onReset).toHaveBeenCalled();
  });

  it('forgets the copy of a conversation deleted on the server', async () => {
    await copy.write(S, 'c1', { events: range(0, 9), olderCursor: null, head: undefined, info: undefined });
    const { made, log } = keeper();
    await made.open();
    made.deleted();
    expect(log.has('e0')).toBe(false);
    await vi.waitFor(async () => expect(await copy.read(S, 'c1')).toBeUndefined());
    await made.save();
    expect(await copy.read(S, 'c1')).toBeUndefined();
  });

  it('takes away an early read whose rows came after the server said the conversation is gone', async () => {
    await copy.write(S, 'c1', { events: range(0, 9), olderCursor: null, head: undefined, info: undefined });
    // The early read, as the conversation controller makes it: its rows go into the log when it is in.
    let finishRead = () => {};
    const readIn = new Promise<void>((resolve) => (finishRead = resolve));
    const { made, log, states, deps } = keeper({
      early: () =>
        readIn
          .then(() => copy.newest(S, 'c1', 100))
          .then((read) => {
            log.ingest(read!.events);
            return read;
          }),
    });
    // Under load the server's 404 is in before the keeper has taken the read in.
    made.deleted();
    const opening = made.open();
    finishRead();
    await opening;
    expect(ids(log)).toEqual([]);
    expect(deps.onReset).toHaveBeenCalled();
    expect(states.at(-1)).toEqual({ kind: 'dropped', reason: 'deleted' });
    await vi.waitFor(async () => expect(await copy.read(S, 'c1')).toBeUndefined());
  });

  it('writes only once the log holds everything, and never an event seen only as transient', async () => {
    const { made, log, serve, holdEverything } = keeper();
    await made.open();
    serve(newestPage(range(0, 4)));
    log.ingest([message(5)], { transient: true });
    await made.save();
    expect(await copy.read(S, 'c1')).toBeUndefined();
    holdEverything();
    await made.save();
    expect((await copy.newest(S, 'c1', 100))?.events).toEqual(range(0, 4));
    log.ingest([message(5)], { live: true });
    await made.close();
    expect((await copy.newest(S, 'c1', 100))?.events).toEqual(range(0, 5));
    expect(await copy.read(S, 'c1')).toMatchObject({
      listed: { id: 'c1', title: 'Parser', execution_status: 'finished' },
      olderCursor: null,
      head: 'e5',
    });
    expect(JSON.stringify(await copy.read(S, 'c1'))).not.toContain('sk-kept-out');
    expect(ids(log)).toContain('e5');
  });

  it('writes the info it learnt while painted once the copy joins, with no event after', async () => {
    // The copy was written before the server named the conversation, and the page closed before
    // the name was written (a reload): the next opening is the one to write it.
    await copy.write(S, 'c1', {
      events: range(0, 9),
      olderCursor: null,
      head: 'e9',
      info: { id: 'c1', title: null },
    });
    const { made, holdEverything, runTimers } = keeper();
    holdEverything();
    await made.open();
    const write = vi.spyOn(copy, 'write');
    // Painted, nothing is written: the copy is not yet known to fit the server.
    runTimers();
    // The server's page holds nothing the painted log lacks: the log does not change.
    made.serverPage(newestPage(range(0, 9)).items as unknown[], false);
    // The page stays open: only the writes the keeper put off run.
    runTimers();
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    await vi.waitFor(async () =>
      expect((await copy.read(S, 'c1'))?.listed).toMatchObject({ title: 'Parser' }),
    );
  });

  it('rewrites nothing when neither the log nor the info changed (a status change alone)', async () => {
    const { made, serve, holdEverything, log } = keeper();
    await made.open();
    serve(newestPage(range(0, 4)));
    holdEverything();
    const write = vi.spyOn(copy, 'write');
    await made.save();
    await made.save();
    expect(write).toHaveBeenCalledTimes(1);
    log.ingest([message(5)], { live: true });
    await made.save();
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('evicts others above the limit after writing, never the conversation open', async () => {
    await copy.write(S, 'old', { events: range(0, 9), olderCursor: null, head: undefined, info: undefined });
    const { made, serve, holdEverything } = keeper({ limitBytes: () => 1 });
    await made.open();
    serve(newestPage(range(0, 4)));
    holdEverything();
    await made.save();
    expect((await copy.conversations()).map((meta) => meta.conversation)).toEqual(['c1']);
  });
});
