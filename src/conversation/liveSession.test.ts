import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@openhands/typescript-client/client/http-client';
import {
  EventClock,
  agentMessage,
  interruptEvent,
  statusUpdate,
  terminalAction,
  terminalObservation,
  userMessage,
} from '../../mocks/events';
import type { AgentServerClients } from '../agent-server/client';
import type { SocketEnvironment } from '../agent-server/socket';
import { ConversationEventLog } from './eventLog';
import { ConversationSession } from './liveSession';
import { FakeSocket } from '../agent-server/testing/FakeSocket';

const environment: SocketEnvironment = {
  WebSocket: FakeSocket as unknown as typeof WebSocket,
  now: () => 0,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
  random: () => 0.5,
  isOnline: () => true,
  onWake: () => () => {},
};

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
function session(overrides: Record<string, unknown> = {}, deps: Partial<SessionDeps> = {}) {
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

describe('frames into the log', () => {
  it('deduplicates replayed and live frames by id, and keeps full_state out of the history', () => {
    const t = session();
    const c = clock();
    const hello = userMessage(c, 'hello');
    t.live.receive(full('running'));
    t.live.receive(hello);
    t.live.receive(hello);
    expect(t.log.projection.eventCount).toBe(1);
    expect(t.state().status).toBe('running');
  });

  it('accumulates deltas into one live bubble, replaced by the persisted agent event', () => {
    const t = session();
    const c = clock();
    t.live.receive(full('running'));
    t.live.receive(delta('Hel'));
    t.live.receive(delta('lo'));
    expect(t.state().stream.content).toBe('Hello');
    t.live.receive(agentMessage(c, 'Hello'));
    expect(t.state().stream.content).toBe('');
  });

  it('drops the buffer on interrupt and ignores deltas once the run stopped (seed 000)', () => {
    const t = session();
    const c = clock();
    t.live.receive(full('running'));
    t.live.receive(delta('partial'));
    t.live.receive(interruptEvent(c));
    expect(t.state().stream.content).toBe('');
    t.live.receive(statusUpdate(c, 'paused'));
    t.live.receive(delta('late', 'late'));
    expect(t.state().stream.content).toBe('');
  });

  it('counts malformed frames without crashing', () => {
    const t = session();
    t.live.receive('not an object');
    t.live.receive({ kind: 'MessageEvent' });
    expect(t.log.rejected).toBe(2);
  });
});

describe('per-frame batching', () => {
  it('applies the deltas of one frame in one update', () => {
    const frames: (() => void)[] = [];
    const { live } = session({}, { scheduleFrame: (fn) => frames.push(fn) });
    const updates = vi.fn();
    live.live.subscribe(updates);
    live.receive(full('running'));
    updates.mockClear();
    for (let i = 0; i < 50; i++) live.receive(delta('x', String(i)));
    expect(updates).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(updates).toHaveBeenCalledTimes(1);
    expect(live.live.getState().stream.content).toBe('x'.repeat(50));
    // Deltas still waiting for their frame when the turn is replaced never show up.
    live.receive(delta('late'));
    live.receive(agentMessage(clock(), 'final'));
    frames.shift()!();
    expect(live.live.getState().stream.content).toBe('');
  });
});

describe('status transitions (seed 002)', () => {
  it('settles when running turns into anything else, and only then', () => {
    for (const next of ['idle', 'paused', 'finished', 'error', 'stuck'] as const) {
      const t = session();
      const c = clock();
      t.live.receive(full('running'));
      t.live.receive(delta('text'));
      expect(t.onSettled).not.toHaveBeenCalled();
      t.live.receive(statusUpdate(c, next));
      expect(t.onSettled, next).toHaveBeenCalledTimes(1);
      expect(t.state().stream.content).toBe('');
    }
    const t = session();
    t.live.receive(full('idle'));
    t.live.receive(full('finished'));
    expect(t.onSettled).not.toHaveBeenCalled();
  });

  it('treats waiting_for_confirmation as still active', () => {
    const t = session();
    const c = clock();
    t.live.receive(full('running'));
    t.live.receive(statusUpdate(c, 'waiting_for_confirmation'));
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
    await t.live.send('do it');
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
    await t.live.send('hello');
    expect(failing).toHaveBeenCalledWith(
      'c1',
      { role: 'user', content: [{ type: 'text', text: 'hello' }] },
      { run: true },
    );
    expect(t.state().pending).toMatchObject([
      { state: 'failed', error: 'The agent-server answered 500: boom' },
    ]);
    await t.live.retry(t.state().pending[0]!.localId);
    expect(t.state().pending).toMatchObject([{ state: 'sent', via: 'rest' }]);
  });

  it('marks a socket send as not delivered when the socket died and the server has no echo', async () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    let now = 1000;
    const { live, conversations } = session({}, { now: () => now });
    live.start();
    FakeSocket.instances.at(-1)!.open();
    await live.send('lost one');
    FakeSocket.instances.at(-1)!.drop();
    now = 5000;
    vi.advanceTimersByTime(500);
    FakeSocket.instances.at(-1)!.open();
    await vi.waitFor(() => expect(live.live.getState().pending).toMatchObject([{ state: 'failed' }]));
    expect(conversations.searchEvents).toHaveBeenCalled();
    // If the echo turns up after all, the message was delivered: the bubble goes.
    live.receive(userMessage(clock(), 'lost one'));
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
});

describe('stop', () => {
  it('interrupts, shows stopping at once, and falls back to pause where interrupt does not exist', async () => {
    const t = session({
      interruptConversation: vi.fn().mockRejectedValue(new HttpError(404, 'Not Found', null)),
    });
    t.live.receive(full('running'));
    const stopping = t.live.interrupt();
    expect(t.state().stopping).toBe(true);
    await stopping;
    expect(t.conversations.pauseConversation).toHaveBeenCalledWith('c1');
    t.live.receive(statusUpdate(clock(), 'paused'));
    expect(t.state().stopping).toBe(false);
  });
});
