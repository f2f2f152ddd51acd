import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentServerClients } from '../../agent-server/client';
import { FakeSocket, fakeSocketEnvironment as environment } from '../../agent-server/testing/FakeSocket';
import { EventClock, userMessage } from '../../../mocks/events';
import { ConversationEventLog } from '../eventLog';
import { ConversationSession } from '../liveSession';
import { SESSION_CODE_RETRY_MS, SessionHandle, type SessionCode } from './sessionHandle';
import { forgetSocketProtocols, rememberSocketProtocol } from './socketProtocols';

const SERVER = 'http://127.0.0.1:8000';

/** The session's code, handed over when the test says (or refused). */
function heldCode() {
  const loads: { resolve: () => void; reject: () => void }[] = [];
  const code: SessionCode = () =>
    new Promise((resolve, reject) =>
      loads.push({
        resolve: () => resolve({ ConversationSession }),
        reject: () => reject(new Error('chunk')),
      }),
    );
  return { code, loads };
}

function handle(code: SessionCode) {
  forgetSocketProtocols();
  rememberSocketProtocol(SERVER, 'session');
  const conversations = {
    sendEvent: vi.fn().mockResolvedValue(undefined),
    searchEvents: vi.fn().mockResolvedValue({ items: [], next_page_id: null }),
    getConversation: vi.fn().mockResolvedValue({ id: 'c1', execution_status: 'idle' }),
    interruptConversation: vi.fn().mockResolvedValue({ success: true }),
  };
  const log = new ConversationEventLog();
  const session = new SessionHandle(
    'c1',
    log,
    {
      clients: { conversations, server: {} } as unknown as AgentServerClients,
      serverUrl: SERVER,
      sessionApiKey: 'k',
      onSettled: () => {},
      socketEnvironment: environment,
      scheduleFrame: (fn) => fn(),
    },
    code,
  );
  return { session, conversations, log, state: () => session.live.getState() };
}

// Each test starts with no socket: the files of a worker share their modules (vite.config.ts), so
// an earlier file's sockets would be counted here.
beforeEach(() => {
  FakeSocket.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a live session before its code is in', () => {
  it('sends a message over REST at once; the session, once in, clears it when its echo comes', async () => {
    const { code, loads } = heldCode();
    const t = handle(code);
    t.session.start();
    await t.session.commands.send('hello');
    expect(t.conversations.sendEvent).toHaveBeenCalledTimes(1);
    expect(t.state().pending).toMatchObject([{ text: 'hello', state: 'sent', via: 'rest' }]);
    expect(FakeSocket.instances).toHaveLength(0);

    const loading = t.session.load();
    loads[0]!.resolve();
    const session = await loading;
    // The same state and the same outbox: the echo read by the session settles the bubble.
    expect(session!.live).toBe(t.session.live);
    session!.receiveFrame({ type: 'durable', seq: 0, event: userMessage(new EventClock(0, 's'), 'hello') });
    expect(t.state().pending).toEqual([]);
  });

  it('tells the session, once it exists, what it was told meanwhile, in the same order', async () => {
    const { code, loads } = heldCode();
    const t = handle(code);
    t.session.resumeAfter(41);
    t.session.start();
    expect(t.session.holdsEverything).toBe(false);
    expect(t.session.heldThroughSeq).toBeUndefined();

    const loading = t.session.load();
    loads[0]!.resolve();
    await loading;
    // Told in the other order, the socket would have started before it knew where to resume.
    expect(FakeSocket.instances).toHaveLength(1);
    expect(new URL(FakeSocket.latest().url).searchParams.get('after_seq')).toBe('41');
  });

  it('a stop before the code is in is told too: a later start opens one socket', async () => {
    const { code, loads } = heldCode();
    const t = handle(code);
    t.session.start();
    t.session.stop();
    t.session.start();
    const loading = t.session.load();
    loads[0]!.resolve();
    await loading;
    expect(FakeSocket.instances.filter((socket) => socket.readyState !== FakeSocket.CLOSED)).toHaveLength(1);
  });

  it('a code that does not load says the link is lost, and is tried again later or on Try now', async () => {
    vi.useFakeTimers();
    const { code, loads } = heldCode();
    const t = handle(code);
    t.session.start();
    const first = t.session.load();
    loads[0]!.reject();
    expect(await first).toBeUndefined();
    expect(t.state().connection).toMatchObject({ kind: 'reconnecting', attempt: 1 });

    // Tried again by itself after a while, and refused again.
    await vi.advanceTimersByTimeAsync(SESSION_CODE_RETRY_MS);
    expect(loads).toHaveLength(2);
    loads[1]!.reject();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.state().connection).toMatchObject({ kind: 'reconnecting', attempt: 2 });

    // "Try now" does not wait for the timer.
    t.session.reconnectNow();
    expect(loads).toHaveLength(3);
    loads[2]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(await t.session.load()).toBeInstanceOf(ConversationSession);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(t.state().connection.kind).toBe('connecting');
  });
});
