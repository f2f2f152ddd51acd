import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@openhands/typescript-client/client/http-client';
import { sendFailureWords } from './outbox';
import {
  EventClock,
  agentMessage,
  interruptEvent,
  statusUpdate,
  terminalAction,
  terminalObservation,
  userMessage,
} from '../../mocks/events';
import { describeError, type AgentServerClients } from '../agent-server/client';
import { ConversationEventLog } from './eventLog';
import { ConversationSession } from './liveSession';
import { ANSWER_REQUEST } from './answers/answerRequest';
import { setMissedAnswerMode } from './answers/answerMode';
import { SYNC_DEADLINE_MS, VERSION_WAIT_MS, forgetVersionReads } from './session/protocolDetection';
import {
  forgetSocketProtocols,
  rememberSocketProtocol,
  type SocketProtocol,
} from './session/socketProtocols';
import { SEQ_GAP_GRACE_MS } from './session/seqGapWatch';
import { SILENCE_CHECK_MS } from './session/silenceCheck';
import { FakeSocket, fakeSocketEnvironment as environment } from '../agent-server/testing/FakeSocket';

function fakeClients(overrides: Record<string, unknown> = {}) {
  const conversations = {
    sendEvent: vi.fn().mockResolvedValue(undefined),
    interruptConversation: vi.fn().mockResolvedValue({ success: true }),
    pauseConversation: vi.fn().mockResolvedValue({ success: true }),
    runConversation: vi.fn().mockResolvedValue({ success: true }),
    searchEvents: vi.fn().mockResolvedValue({ items: [], next_page_id: null }),
    getConversation: vi.fn().mockResolvedValue({ id: 'c1', execution_status: 'running' }),
    respondToConfirmation: vi.fn().mockResolvedValue({ success: true }),
    setConfirmationPolicy: vi.fn().mockResolvedValue({ success: true }),
    ...overrides,
  };
  return { conversations, clients: { conversations, server: {} } as unknown as AgentServerClients };
}

type SessionDeps = ConstructorParameters<typeof ConversationSession>[2];

/** A session on fake clients and sockets; `deps` replaces any of its dependencies. */
function session(
  overrides: Record<string, unknown> = {},
  deps: Partial<SessionDeps> = {},
  protocol: SocketProtocol = 'legacy',
) {
  forgetSocketProtocols();
  rememberSocketProtocol('http://127.0.0.1:8000', protocol);
  const { conversations, clients } = fakeClients(overrides);
  const onSettled = vi.fn();
  const log = new ConversationEventLog();
  const live = new ConversationSession('c1', log, {
    clients,
    serverUrl: 'http://127.0.0.1:8000',
    sessionApiKey: 'k',
    onSettled,
    socketEnvironment: environment,
    scheduleFrame: (fn) => fn(),
    ...deps,
  });
  return { live, log, conversations, onSettled, state: () => live.live.getState() };
}

/**
 * A session socket's session on a server not met before in this page: nothing known of its socket
 * or its version, and `/server_info` answered by `getServerInfo`.
 */
function unknownServer(getServerInfo: () => Promise<unknown>) {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  const t = session({}, {}, 'session');
  forgetSocketProtocols();
  forgetVersionReads();
  (t.live as unknown as { deps: { clients: { server: object } } }).deps.clients.server = { getServerInfo };
  return t;
}

const clock = () => new EventClock(Date.UTC(2026, 10, 1), 's');
const full = (status: string) => ({
  id: `full-${status}`,
  kind: 'ConversationStateUpdateEvent',
  source: 'environment',
  timestamp: '2026-11-01T00:00:00',
  key: 'full_state',
  value: { execution_status: status },
});
const delta = (content: string, id = content) => ({
  id: `d-${id}`,
  kind: 'StreamingDeltaEvent',
  source: 'agent',
  timestamp: '2026-11-01T00:00:00',
  content,
});

describe('legacy socket: frames into the log', () => {
  it('deduplicates replayed and live frames by id, and keeps full_state out of the history', () => {
    const t = session();
    const c = clock();
    const hello = userMessage(c, 'hello');
    t.live.receiveFrame(full('running'));
    t.live.receiveFrame(hello);
    t.live.receiveFrame(hello);
    expect(t.log.projection.eventCount).toBe(1);
    expect(t.state().status).toBe('running');
  });

  it('accumulates deltas into one live bubble, replaced by the persisted agent event', () => {
    const t = session();
    const c = clock();
    t.live.receiveFrame(full('running'));
    t.live.receiveFrame(delta('Hel'));
    t.live.receiveFrame(delta('lo'));
    expect(
      t
        .state()
        .streams.items.map((i) => i.text)
        .join(''),
    ).toBe('Hello');
    t.live.receiveFrame(agentMessage(c, 'Hello'));
    expect(
      t
        .state()
        .streams.items.map((i) => i.text)
        .join(''),
    ).toBe('');
  });

  it('drops the buffer on interrupt and ignores deltas once the run stopped (seed 000)', () => {
    const t = session();
    const c = clock();
    t.live.receiveFrame(full('running'));
    t.live.receiveFrame(delta('partial'));
    t.live.receiveFrame(interruptEvent(c));
    expect(
      t
        .state()
        .streams.items.map((i) => i.text)
        .join(''),
    ).toBe('');
    t.live.receiveFrame(statusUpdate(c, 'paused'));
    t.live.receiveFrame(delta('late', 'late'));
    expect(
      t
        .state()
        .streams.items.map((i) => i.text)
        .join(''),
    ).toBe('');
  });

  it('counts malformed frames without crashing', () => {
    const t = session();
    t.live.receiveFrame('not an object');
    t.live.receiveFrame({ kind: 'MessageEvent' });
    expect(t.log.rejected).toBe(2);
  });
});

describe('per-frame batching', () => {
  it('applies the deltas of one frame in one update', () => {
    const frames: (() => void)[] = [];
    const { live } = session({}, { scheduleFrame: (fn) => frames.push(fn) });
    const updates = vi.fn();
    live.live.subscribe(updates);
    live.receiveFrame(full('running'));
    updates.mockClear();
    for (let i = 0; i < 50; i++) live.receiveFrame(delta('x', String(i)));
    expect(updates).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(updates).toHaveBeenCalledTimes(1);
    expect(
      live.live
        .getState()
        .streams.items.map((i) => i.text)
        .join(''),
    ).toBe('x'.repeat(50));
    // Deltas still waiting for their frame when the turn is replaced never show up.
    live.receiveFrame(delta('late'));
    live.receiveFrame(agentMessage(clock(), 'final'));
    frames.shift()!();
    expect(
      live.live
        .getState()
        .streams.items.map((i) => i.text)
        .join(''),
    ).toBe('');
  });
});

describe('status transitions (seed 002)', () => {
  it('settles when running turns into anything else, and only then', () => {
    for (const next of ['idle', 'paused', 'finished', 'error', 'stuck'] as const) {
      const t = session();
      const c = clock();
      t.live.receiveFrame(full('running'));
      t.live.receiveFrame(delta('text'));
      expect(t.onSettled).not.toHaveBeenCalled();
      t.live.receiveFrame(statusUpdate(c, next));
      expect(t.onSettled, next).toHaveBeenCalledTimes(1);
      expect(
        t
          .state()
          .streams.items.map((i) => i.text)
          .join(''),
      ).toBe('');
    }
    const t = session();
    t.live.receiveFrame(full('idle'));
    t.live.receiveFrame(full('finished'));
    expect(t.onSettled).not.toHaveBeenCalled();
  });

  it('treats waiting_for_confirmation as still active', () => {
    const t = session();
    const c = clock();
    t.live.receiveFrame(full('running'));
    t.live.receiveFrame(statusUpdate(c, 'waiting_for_confirmation'));
    expect(t.onSettled).not.toHaveBeenCalled();
  });
});

describe('sending', () => {
  it('sends over an open socket with run:true and reconciles with the echo', async () => {
    FakeSocket.instances = [];
    const t = session();
    t.live.start();
    const socket = FakeSocket.instances.at(-1)!;
    socket.open();
    await t.live.commands.send('do it');
    expect(JSON.parse(socket.sent.at(-1)!)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'do it' }],
      run: true,
    });
    expect(t.state().pending).toMatchObject([{ text: 'do it', state: 'sent', via: 'socket' }]);
    socket.frame(userMessage(clock(), 'do it'));
    expect(t.state().pending).toEqual([]);
    t.live.stop();
  });

  it('falls back to REST with run:true when the socket is not open, and marks failures for retry', async () => {
    const failing = vi
      .fn()
      .mockRejectedValueOnce(new HttpError(500, 'Server Error', { detail: 'boom' }))
      .mockResolvedValue(undefined);
    const t = session({ sendEvent: failing });
    await t.live.commands.send('hello');
    expect(failing).toHaveBeenCalledWith(
      'c1',
      { role: 'user', content: [{ type: 'text', text: 'hello' }] },
      { run: true },
    );
    expect(t.state().pending).toMatchObject([{ state: 'failed', failure: { kind: 'failed' } }]);
    expect(sendFailureWords(t.state().pending[0]!.failure!)).toBe('The agent-server answered 500: boom');
    await t.live.commands.retry(t.state().pending[0]!.localId);
    expect(t.state().pending).toMatchObject([{ state: 'sent', via: 'rest' }]);
  });

  it('sends again, once, a socket send the server has no echo of after the socket died', async () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    let now = 1000;
    const { live, conversations } = session({}, { now: () => now });
    live.start();
    FakeSocket.instances.at(-1)!.open();
    await live.commands.send('lost one');
    FakeSocket.instances.at(-1)!.drop();
    now = 5000;
    vi.advanceTimersByTime(500);
    FakeSocket.instances.at(-1)!.open();
    // Not delivered, so it goes again by itself (the server is back), and says so.
    await vi.waitFor(() =>
      expect(live.live.getState().pending).toMatchObject([{ state: 'sent', resent: true }]),
    );
    expect(conversations.searchEvents).toHaveBeenCalled();
    const sends = FakeSocket.instances.flatMap((socket) => socket.sent).filter((f) => f.includes('lost one'));
    expect(sends).toHaveLength(2);
    // Its echo replaces the bubble.
    live.receiveFrame(userMessage(clock(), 'lost one'));
    expect(live.live.getState().pending).toEqual([]);
    live.stop();
    vi.useRealTimers();
  });
});

describe('reconnecting', () => {
  it('resumes from the newest event held and fills the gap over REST', async () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    const c = clock();
    const action = terminalAction(c, 'make');
    const missed = terminalObservation(c, action, 'ok');
    const t = session({
      searchEvents: vi.fn().mockResolvedValue({ items: [action, missed], next_page_id: null }),
    });
    t.live.start();
    expect(FakeSocket.instances.at(-1)!.url).not.toContain('resend_mode');
    FakeSocket.instances.at(-1)!.open();
    FakeSocket.instances.at(-1)!.frame(action);
    FakeSocket.instances.at(-1)!.drop();
    vi.advanceTimersByTime(500);
    const second = FakeSocket.instances.at(-1)!;
    expect(second.url).toContain(`resend_mode=since&after_timestamp=${encodeURIComponent(action.timestamp)}`);
    second.open();
    await vi.waitFor(() => expect(t.log.projection.has(missed.id)).toBe(true));
    expect(t.conversations.searchEvents).toHaveBeenCalledWith(
      'c1',
      expect.objectContaining({ timestamp__gte: action.timestamp }),
    );
    // The replay of the same events over the socket changes nothing.
    second.frame(missed);
    expect(t.log.projection.eventCount).toBe(2);
    t.live.stop();
    vi.useRealTimers();
  });

  it('asks REST after ten silent seconds of a run, and reconnects when the server holds more', async () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    const c = clock();
    const running = statusUpdate(c, 'running');
    const action = terminalAction(c, 'make');
    const t = session({
      searchEvents: vi.fn().mockResolvedValue({ items: [running, action], next_page_id: null }),
    });
    t.live.start();
    FakeSocket.latest().open();
    FakeSocket.latest().frame(running);
    // A deaf socket: the action is persisted, nothing arrives.
    await vi.advanceTimersByTimeAsync(SILENCE_CHECK_MS - 1);
    expect(t.conversations.searchEvents).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    t.live.stop();
    vi.useRealTimers();
  });
});

describe('stop', () => {
  it('interrupts, shows stopping at once, and falls back to pause where interrupt does not exist', async () => {
    const t = session({
      interruptConversation: vi.fn().mockRejectedValue(new HttpError(404, 'Not Found', null)),
    });
    t.live.receiveFrame(full('running'));
    const stopping = t.live.commands.interrupt();
    expect(t.state().stopping).toBe(true);
    await stopping;
    expect(t.conversations.pauseConversation).toHaveBeenCalledWith('c1');
    t.live.receiveFrame(statusUpdate(clock(), 'paused'));
    expect(t.state().stopping).toBe(false);
  });
});

describe('session socket', () => {
  const sessionFrame = (frame: object) => FakeSocket.latest().frame(frame);
  const durable = (seq: number, event: object) => sessionFrame({ type: 'durable', seq, event });

  function started(overrides: Record<string, unknown> = {}, deps: Partial<SessionDeps> = {}) {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    const t = session(overrides, deps, 'session');
    t.live.start();
    FakeSocket.latest().open();
    return t;
  }
  afterEach(() => vi.useRealTimers());

  it('joins live only, then resumes after the highest durable seq held, never by timestamp', () => {
    const t = started();
    expect(FakeSocket.latest().url).toBe('ws://127.0.0.1:8000/sockets/session/c1');
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 4 });
    const c = clock();
    durable(5, userMessage(c, 'one'));
    sessionFrame({ type: 'transient', event: full('running') });
    expect(t.state().status).toBe('running');
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(500);
    expect(FakeSocket.latest().url).toBe('ws://127.0.0.1:8000/sockets/session/c1?after_seq=5');
    // No REST read on a reconnect: the replay after the cursor is exact.
    FakeSocket.latest().open();
    sessionFrame({ type: 'sync', from_seq: 5, through_seq: 6 });
    durable(6, agentMessage(c, 'two'));
    expect(t.log.projection.eventCount).toBe(2);
    expect(t.conversations.searchEvents).not.toHaveBeenCalled();
    t.live.stop();
  });

  it('resumes from below a skipped durable seq within a second, and shows the missed event once', async () => {
    const t = started();
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 4 });
    const c = clock();
    const one = userMessage(c, 'one');
    const skipped = terminalAction(c, 'ls');
    const three = terminalObservation(c, skipped, 'a b');
    durable(5, one);
    durable(7, three);
    expect(t.log.has(skipped.id)).toBe(false);
    const first = FakeSocket.latest();
    await vi.advanceTimersByTimeAsync(SEQ_GAP_GRACE_MS - 1);
    expect(FakeSocket.latest()).toBe(first);
    await vi.advanceTimersByTimeAsync(1);
    expect(SEQ_GAP_GRACE_MS).toBeLessThan(1000);
    // The cursor is the last seq with nothing missing below it, not the highest seen.
    expect(FakeSocket.latest()).not.toBe(first);
    expect(FakeSocket.latest().url).toBe('ws://127.0.0.1:8000/sockets/session/c1?after_seq=5');
    FakeSocket.latest().open();
    sessionFrame({ type: 'sync', from_seq: 5, through_seq: 7 });
    durable(6, skipped);
    durable(7, three);
    expect(t.log.has(skipped.id)).toBe(true);
    expect(t.log.projection.eventCount).toBe(3);
    // Closed: nothing more to repair, and the next resume is after the newest.
    await vi.advanceTimersByTimeAsync(SEQ_GAP_GRACE_MS * 4);
    FakeSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.latest().url).toBe('ws://127.0.0.1:8000/sockets/session/c1?after_seq=7');
    t.live.stop();
  });

  it('does not resume early for a hole the next frame closes', async () => {
    const t = started();
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 0 });
    const c = clock();
    durable(2, agentMessage(c, 'b'));
    durable(1, agentMessage(c, 'a'));
    const socket = FakeSocket.latest();
    await vi.advanceTimersByTimeAsync(SEQ_GAP_GRACE_MS * 4);
    expect(FakeSocket.latest()).toBe(socket);
    t.live.stop();
  });

  it("resumes after the seq the browser's copy holds, and subscribes anew once the copy is dropped", async () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    const t = session({}, {}, 'session');
    t.live.resumeAfter(41);
    t.live.start();
    t.live.resumeAfter(7);
    expect(FakeSocket.latest().url).toBe('ws://127.0.0.1:8000/sockets/session/c1?after_seq=41');
    FakeSocket.latest().open();
    t.live.historyLoaded('e40');
    sessionFrame({ type: 'sync', from_seq: 41, through_seq: 42 });
    const c = clock();
    durable(42, agentMessage(c, 'after the copy'));
    // The copy holds everything through 41 and the socket replayed the rest: no read to join them.
    expect(t.live.heldThroughSeq).toBe(42);
    expect(t.conversations.searchEvents).not.toHaveBeenCalled();
    // The copy did not fit the server: the log is emptied, and nothing it held counts.
    t.log.reset();
    t.live.resumeAnew();
    expect(t.live.heldThroughSeq).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.latest().url).toBe('ws://127.0.0.1:8000/sockets/session/c1');
    FakeSocket.latest().open();
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 42 });
    // The history's newest page is joined to the socket again.
    await vi.waitFor(() => expect(t.conversations.searchEvents).toHaveBeenCalledTimes(1));
    expect(t.conversations.searchEvents).toHaveBeenLastCalledWith(
      'c1',
      expect.objectContaining({ page_id: 'e40', sort_order: 'TIMESTAMP' }),
    );
    t.live.stop();
  });

  it("takes no copy's seq that comes after the copy was dropped", () => {
    FakeSocket.instances = [];
    const t = session({}, {}, 'session');
    t.live.resumeAnew();
    t.live.resumeAfter(41);
    t.live.start();
    expect(FakeSocket.latest().url).toBe('ws://127.0.0.1:8000/sockets/session/c1');
    t.live.stop();
  });

  it('reads the gap between the newest history page and the socket once both are in', async () => {
    const t = started();
    t.live.historyLoaded('e9');
    expect(t.conversations.searchEvents).not.toHaveBeenCalled();
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 12 });
    await vi.waitFor(() =>
      expect(t.conversations.searchEvents).toHaveBeenCalledWith(
        'c1',
        expect.objectContaining({ page_id: 'e9', sort_order: 'TIMESTAMP' }),
      ),
    );
    expect(t.conversations.searchEvents).toHaveBeenCalledTimes(1);
    t.live.stop();
  });

  it('still reads the gap after a resume when the cursor came from a live-only subscription', async () => {
    const t = started();
    // Live only: through 12 is history that only the join's read brings, not something held.
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 12 });
    FakeSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.latest().url).toBe('ws://127.0.0.1:8000/sockets/session/c1?after_seq=12');
    FakeSocket.latest().open();
    sessionFrame({ type: 'sync', from_seq: 12, through_seq: 12 });
    t.live.historyLoaded('e9');
    await vi.waitFor(() =>
      expect(t.conversations.searchEvents).toHaveBeenCalledWith(
        'c1',
        expect.objectContaining({ page_id: 'e9', sort_order: 'TIMESTAMP' }),
      ),
    );
    t.live.stop();
  });

  it('reads the info after the join only when the socket has not said the status', async () => {
    const told = started();
    told.live.historyLoaded('e9');
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 12 });
    sessionFrame({ type: 'transient', event: full('finished') });
    await vi.waitFor(() => expect(told.conversations.searchEvents).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(told.state().gap).toEqual({ kind: 'idle' }));
    expect(told.conversations.getConversation).not.toHaveBeenCalled();
    told.live.stop();

    const untold = started();
    untold.live.historyLoaded('e9');
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 12 });
    await vi.waitFor(() => expect(untold.conversations.getConversation).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(untold.state().status).toBe('running'));
    untold.live.stop();
  });

  it('keeps one bubble per open item: attempts replace, gaps mark it partial, the durable event retires it', () => {
    const t = started();
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 0 });
    const items = () => t.state().streams.items;
    sessionFrame({ type: 'item_started', item_id: 'a', attempt: 1, anchor_seq: 0 });
    sessionFrame({ type: 'delta', item_id: 'a', attempt: 1, order: 0, kind: 'reasoning', content: 'hmm ' });
    sessionFrame({ type: 'delta', item_id: 'a', attempt: 1, order: 1, content: 'Hel' });
    sessionFrame({ type: 'item_started', item_id: 'b', attempt: 1 });
    sessionFrame({ type: 'delta', item_id: 'b', attempt: 1, order: 0, content: 'other' });
    expect(items().map((i) => [i.itemId, i.reasoning, i.text, i.lossy])).toEqual([
      ['a', 'hmm ', 'Hel', false],
      ['b', '', 'other', false],
    ]);
    // A retry re-streams the item: its text replaces the first attempt's.
    sessionFrame({ type: 'item_started', item_id: 'a', attempt: 2 });
    sessionFrame({ type: 'delta', item_id: 'a', attempt: 2, order: 0, content: 'Hi' });
    sessionFrame({ type: 'delta', item_id: 'a', attempt: 1, order: 2, content: 'stale' });
    sessionFrame({ type: 'delta', item_id: 'a', attempt: 2, order: 3, content: ' there' });
    expect(items()[0]).toMatchObject({ attempt: 2, text: 'Hi there', reasoning: '', lossy: true });
    const answer = { ...agentMessage(clock(), 'Hi there'), id: 'a' };
    durable(1, answer);
    expect(items().map((i) => i.itemId)).toEqual(['b']);
    // A late delta of a retired item never brings it back.
    sessionFrame({ type: 'delta', item_id: 'a', attempt: 2, order: 4, content: '!' });
    expect(items().map((i) => i.itemId)).toEqual(['b']);
    sessionFrame({ type: 'item_aborted', item_id: 'b', attempt: 1, reason: 'cancelled' });
    expect(items()).toEqual([]);
    expect(t.state().streams.aborted).toEqual({ itemId: 'b', reason: 'cancelled' });
    t.live.stop();
  });

  it('marks a stream joined mid-way as partial, and forgets open streams when the socket drops', () => {
    const t = started();
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 3 });
    sessionFrame({ type: 'delta', item_id: 'x', attempt: 1, order: 7, content: 'tail' });
    expect(t.state().streams.items).toMatchObject([{ itemId: 'x', text: 'tail', lossy: true }]);
    FakeSocket.latest().drop();
    expect(t.state().streams.items).toEqual([]);
    t.live.stop();
  });

  it('ignores unknown frame types, counts malformed ones, and reports error frames on the last send', async () => {
    const t = started();
    sessionFrame({ type: 'sync', from_seq: null, through_seq: null });
    sessionFrame({ type: 'heartbeat_v2', anything: 1 });
    expect(t.log.rejected).toBe(0);
    sessionFrame({ type: 'durable', event: { id: 'no-seq' } });
    sessionFrame({ no: 'type' });
    expect(t.log.rejected).toBe(2);
    await t.live.commands.send('bad');
    sessionFrame({ type: 'error', code: 'ValidationError', detail: 'not a message' });
    expect(t.state().pending).toMatchObject([
      { state: 'failed', failure: { kind: 'rejected', detail: 'not a message' } },
    ]);
    expect(t.state().problem).toEqual({ kind: 'server error', detail: 'not a message' });
    t.live.stop();
  });

  it('keeps a socket send the server saved but had no room to run (never to be sent twice)', async () => {
    const t = started();
    sessionFrame({ type: 'sync', from_seq: null, through_seq: null });
    await t.live.commands.send('run it');
    sessionFrame({
      type: 'error',
      code: 'ConversationRunLimitExceeded',
      detail: 'Message saved, but the conversation run limit was reached.',
    });
    expect(t.state().pending).toMatchObject([{ text: 'run it', state: 'sent' }]);
    expect(t.state().problem).toEqual({ kind: 'run limit' });
    t.live.stop();
  });

  it('knows a socket send lost once the reconnect replay is complete without its echo, and sends it again', async () => {
    let now = 1000;
    const t = started({}, { now: () => now });
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 2 });
    await t.live.commands.send('lost one');
    await t.live.commands.send('kept one');
    FakeSocket.latest().drop();
    now = 5000;
    vi.advanceTimersByTime(500);
    FakeSocket.latest().open();
    sessionFrame({ type: 'sync', from_seq: 2, through_seq: 4 });
    const c = clock();
    durable(3, userMessage(c, 'kept one'));
    expect(t.state().pending).toMatchObject([{ text: 'lost one', state: 'sent' }]);
    durable(4, agentMessage(c, 'answer'));
    expect(t.state().pending).toMatchObject([{ text: 'lost one', state: 'sent', resent: true }]);
    expect(FakeSocket.latest().sent.filter((frame) => frame.includes('lost one'))).toHaveLength(1);
    t.live.stop();
  });

  it('falls back to the legacy socket on a server whose REST answers but whose session socket closes before sync', async () => {
    // Down for the version read and the first probe, then up with no version to tell.
    const getServerInfo = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue({});
    const t = unknownServer(getServerInfo);
    t.live.start();
    await vi.advanceTimersByTimeAsync(0);
    const dropBeforeSync = async () => {
      FakeSocket.latest().open();
      FakeSocket.latest().drop();
      await vi.advanceTimersByTimeAsync(1000);
    };
    // One close before sync can be a blip; a 4001 is a refusal, not a missing route.
    await dropBeforeSync();
    FakeSocket.latest().drop(4001);
    // Only the version was read (it failed): a refusal is never probed.
    expect(getServerInfo).toHaveBeenCalledTimes(1);
    t.live.stop();
    t.live.start();
    await vi.advanceTimersByTimeAsync(0);
    await dropBeforeSync();
    await dropBeforeSync();
    // Unreachable server: still the session socket, with backoff.
    await vi.waitFor(() => expect(getServerInfo).toHaveBeenCalledTimes(2));
    expect(FakeSocket.latest().url).toContain('/sockets/session/c1');
    await dropBeforeSync();
    await vi.waitFor(() => expect(t.state().protocol).toBe('legacy'));
    expect(FakeSocket.latest().url).toContain('/sockets/events/c1');
    t.live.stop();
  });

  it('chooses the socket from the server’s version before the first connection: none wasted', async () => {
    for (const [version, path] of [
      ['1.56.0', '/sockets/events/c1'],
      ['1.58.2', '/sockets/session/c1'],
    ] as const) {
      const t = unknownServer(vi.fn().mockResolvedValue({ version }));
      t.live.start();
      expect(FakeSocket.instances).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(0);
      expect(FakeSocket.instances.map((socket) => new URL(socket.url).pathname)).toEqual([path]);
      expect(t.state().protocol).toBe(path.includes('events') ? 'legacy' : 'session');
      t.live.stop();
    }
  });

  it('opens the session socket when the version is not read in time', async () => {
    const t = unknownServer(() => new Promise(() => {}));
    t.live.start();
    await vi.advanceTimersByTimeAsync(VERSION_WAIT_MS - 1);
    expect(FakeSocket.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.latest().url).toContain('/sockets/session/c1');
    t.live.stop();
  });

  it('counts a session socket that stays open without its sync frame as a close before sync', async () => {
    const t = unknownServer(vi.fn().mockResolvedValue({}));
    t.live.start();
    await vi.advanceTimersByTimeAsync(0);
    // A proxy accepted the upgrade for a server without the route: open, then nothing.
    FakeSocket.latest().open();
    await vi.advanceTimersByTimeAsync(SYNC_DEADLINE_MS - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.latest().open();
    await vi.advanceTimersByTimeAsync(SYNC_DEADLINE_MS);
    await vi.waitFor(() => expect(t.state().protocol).toBe('legacy'));
    expect(FakeSocket.latest().url).toContain('/sockets/events/c1');
    // The legacy socket has no sync frame: no deadline for it.
    FakeSocket.latest().open();
    const sockets = FakeSocket.instances.length;
    await vi.advanceTimersByTimeAsync(SYNC_DEADLINE_MS * 3);
    expect(FakeSocket.instances).toHaveLength(sockets);
    t.live.stop();
  });

  it("shows what REST holds while a busy server's socket has not synced, and keeps the socket", async () => {
    // 1.58.2 sends `sync` only once a running tool lets go of the conversation's lock: a socket
    // opened after the tool started says nothing until it ends.
    const c = clock();
    const action = terminalAction(c, 'sleep 600');
    const t = started({ searchEvents: vi.fn().mockResolvedValue({ items: [action], next_page_id: null }) });
    await vi.advanceTimersByTimeAsync(SYNC_DEADLINE_MS - 1);
    expect(t.log.has(action.id)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(t.log.has(action.id)).toBe(true));
    expect(FakeSocket.instances).toHaveLength(1);
    t.live.stop();
  });

  it('keeps a session socket whose sync frame came in time', async () => {
    const t = started();
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 2 });
    await vi.advanceTimersByTimeAsync(SYNC_DEADLINE_MS * 2);
    expect(FakeSocket.instances).toHaveLength(1);
    t.live.stop();
  });

  it('takes the status from REST only while the socket has not told it', () => {
    const t = started();
    t.live.noteConversationInfo({ execution_status: 'idle' });
    expect(t.state().status).toBe('idle');
    sessionFrame({ type: 'sync', from_seq: null, through_seq: 0 });
    sessionFrame({ type: 'transient', event: full('running') });
    // An older REST answer arriving now must not turn a running conversation idle.
    t.live.noteConversationInfo({ execution_status: 'finished' });
    expect(t.state().status).toBe('running');
    t.live.stop();
  });
});

describe('a message the run ended without answering', () => {
  const sessionFrame = (frame: object) => FakeSocket.latest().frame(frame);
  const durable = (seq: number, event: object) => sessionFrame({ type: 'durable', seq, event });
  // This browser's storage, where the setting and the claims are kept (none in Node).
  beforeEach(() => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A session on a fresh conversation, its socket subscribed live and its (empty) history in. */
  function joined(prefix: string) {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    const t = session({}, {}, 'session');
    t.live.start();
    FakeSocket.latest().open();
    sessionFrame({ type: 'sync', from_seq: null, through_seq: null });
    t.live.historyLoaded(undefined);
    return { t, c: new EventClock(Date.UTC(2026, 10, 27), prefix) };
  }

  /** A run this session watches: the person's message persisted late, the run finished without it. */
  function runEndsUnanswered(prefix: string) {
    const { t, c } = joined(prefix);
    durable(1, userMessage(c, 'Fix the parser'));
    durable(2, statusUpdate(c, 'running'));
    durable(3, agentMessage(c, 'Fixed.'));
    const late = userMessage(c, 'Also add a test');
    durable(4, late);
    durable(5, statusUpdate(c, 'finished'));
    return { t, late, c };
  }
  const requests = () =>
    FakeSocket.instances.flatMap((socket) => socket.sent).filter((frame) => frame.includes(ANSWER_REQUEST));

  it('asks the agent by itself, once, when a run it watched ended', async () => {
    const { t, c } = runEndsUnanswered('a');
    await vi.waitFor(() => expect(requests()).toHaveLength(1));
    expect(t.state().missed).toBeUndefined();
    // Its echo, then anything else while finished: not asked again.
    durable(6, userMessage(c, ANSWER_REQUEST));
    durable(7, statusUpdate(c, 'idle'));
    durable(8, statusUpdate(c, 'finished'));
    expect(requests()).toHaveLength(1);
    expect(t.state().missed).toBeUndefined();
    t.live.stop();
  });

  it('offers the person a button instead when they chose so, and asks when pressed', async () => {
    setMissedAnswerMode('offer');
    const { t, late } = runEndsUnanswered('b');
    expect(requests()).toHaveLength(0);
    expect(t.state().missed).toBe(late.id);
    await t.live.commands.send(ANSWER_REQUEST);
    expect(requests()).toHaveLength(1);
    // Its echo settles the offer.
    durable(6, userMessage(new EventClock(Date.UTC(2026, 10, 28), 'echo'), ANSWER_REQUEST));
    expect(t.state().missed).toBeUndefined();
    t.live.stop();
  });

  it('only offers, never asks by itself, for a conversation opened already finished', () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    const t = session({}, {}, 'session');
    const c = new EventClock(Date.UTC(2026, 10, 27), 'c');
    const answer = agentMessage(c, 'Fixed.');
    const late = userMessage(c, 'Also add a test');
    const finished = statusUpdate(c, 'finished');
    t.log.ingest([answer, late, finished]);
    t.live.noteConversationInfo({ execution_status: 'finished' });
    t.live.start();
    FakeSocket.latest().open();
    sessionFrame({ type: 'sync', from_seq: null, through_seq: null });
    t.live.historyLoaded(finished.id);
    expect(t.state().missed).toBe(late.id);
    expect(requests()).toHaveLength(0);
    t.live.stop();
  });

  it('asks nothing on a finished read over REST before the socket brought the run’s answer', async () => {
    // A silent socket's check (or any REST read) can say finished first: the answer is on its way.
    const { t, c } = joined('r');
    durable(1, userMessage(c, 'Clean the build'));
    t.live.noteConversationInfo({ execution_status: 'running' });
    t.live.noteConversationInfo({ execution_status: 'finished' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests()).toHaveLength(0);
    expect(t.state().missed).toBeUndefined();
    // The answer and the persisted status arrive: nothing was missed.
    durable(2, statusUpdate(c, 'running'));
    durable(3, agentMessage(c, 'Cleaned.'));
    durable(4, statusUpdate(c, 'finished'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests()).toHaveLength(0);
    expect(t.state().missed).toBeUndefined();
    t.live.stop();
  });

  it('asks once per message in this browser: a second tab, or a reload, does not ask again', async () => {
    const { t } = runEndsUnanswered('d');
    await vi.waitFor(() => expect(requests()).toHaveLength(1));
    t.live.stop();
    const again = runEndsUnanswered('d');
    expect(requests()).toHaveLength(0);
    expect(again.t.state().missed).toBeDefined();
    again.t.live.stop();
  });
});

describe('gap filling', () => {
  it('retries a failed read with backoff and says so meanwhile', async () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    const searchEvents = vi
      .fn()
      .mockRejectedValueOnce(new HttpError(503, 'Unavailable', { detail: 'busy' }))
      .mockResolvedValue({ items: [], next_page_id: null });
    const t = session({ searchEvents }, {}, 'session');
    t.live.start();
    FakeSocket.latest().open();
    t.live.historyLoaded('e1');
    FakeSocket.latest().frame({ type: 'sync', from_seq: null, through_seq: 1 });
    await vi.waitFor(() => expect(t.state().gap).toMatchObject({ kind: 'retrying', attempt: 1 }));
    // The failure is kept as it came: the banner words it when drawn, in the language spoken then.
    const gap = t.state().gap;
    expect(gap.kind === 'retrying' && describeError(gap.error)).toBe('The agent-server answered 503: busy');
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(t.state().gap).toEqual({ kind: 'idle' }));
    expect(searchEvents).toHaveBeenCalledTimes(2);
    t.live.stop();
    vi.useRealTimers();
  });
});
