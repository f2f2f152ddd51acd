import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_CAP_MS,
  CROWDED_FIRST_MS,
  ConversationSocket,
  closeVerdict,
  backoffDelay,
  type ConnectionState,
  type SocketEnvironment,
  type SocketOptions,
} from './socket';
import { FakeSocket } from './testing/FakeSocket';
import { eventsSocketUrl } from './sessionFrames';

const latest = () => FakeSocket.latest();

function setup(overrides: Partial<SocketEnvironment> = {}, options: Partial<SocketOptions> = {}) {
  const states: ConnectionState[] = [];
  const frames: unknown[] = [];
  const malformed: string[] = [];
  let online = true;
  let wake: () => void = () => {};
  const onSilence = vi.fn();
  let cursor: string | undefined;
  const env: SocketEnvironment = {
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
    random: () => 0.5,
    isOnline: () => online,
    onWake: (fn) => {
      wake = fn;
      return () => {};
    },
    ...overrides,
  };
  const socket = new ConversationSocket(
    {
      sessionApiKey: 'secret',
      url: () => eventsSocketUrl('http://127.0.0.1:8000', 'c1', cursor),
      onFrame: (frame) => frames.push(frame),
      onMalformedFrame: (text) => malformed.push(text),
      onState: (state) => states.push(state),
      onSilence,
      silenceMs: 30_000,
      ...options,
    },
    env,
  );
  return {
    socket,
    states,
    frames,
    malformed,
    onSilence,
    setOnline: (value: boolean) => (online = value),
    setCursor: (value: string) => (cursor = value),
    wake: () => wake(),
    kinds: () => states.map((s) => s.kind),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
});
afterEach(() => vi.useRealTimers());

describe('backoffDelay', () => {
  it('starts near 0.5 s, doubles, and is capped near 10 s, with jitter', () => {
    expect(backoffDelay(1, () => 0.5)).toBe(500);
    expect(backoffDelay(2, () => 0.5)).toBe(1000);
    expect(backoffDelay(6, () => 0.5)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(30, () => 0.5)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(1, () => 0)).toBe(375);
    expect(backoffDelay(1, () => 0.999)).toBeLessThanOrEqual(625);
  });
});

describe('ConversationSocket', () => {
  it('sends the key as the first frame, then reports open and passes frames on', () => {
    const t = setup();
    t.socket.start();
    expect(t.kinds()).toEqual(['connecting']);
    latest().open();
    expect(JSON.parse(latest().sent[0]!)).toEqual({ type: 'auth', session_api_key: 'secret' });
    expect(latest().url).not.toContain('secret');
    expect(t.kinds()).toEqual(['connecting', 'open']);
    latest().receive('{"id":"e1","kind":"MessageEvent"}');
    latest().receive('not json');
    expect(t.frames).toEqual([{ id: 'e1', kind: 'MessageEvent' }]);
    expect(t.malformed).toEqual(['not json']);
  });

  it('reconnects with growing delays and resumes from the cursor', () => {
    const t = setup();
    t.socket.start();
    latest().open();
    t.setCursor('2026-11-20T09:00:00');
    latest().drop();
    expect(t.states.at(-1)).toMatchObject({ kind: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(499);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(latest().url).toContain('resend_mode=since&after_timestamp=2026-11-20T09%3A00%3A00');
    latest().drop();
    expect(t.states.at(-1)).toMatchObject({ kind: 'reconnecting', attempt: 2 });
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);
    latest().open();
    latest().drop();
    // A successful open resets the backoff.
    expect(t.states.at(-1)).toMatchObject({ kind: 'reconnecting', attempt: 1 });
  });

  it('waits for the person when the server’s credentials need re-activating: no spinning', async () => {
    const t = setup();
    t.socket.start();
    latest().open();
    latest().drop(1013, 'credential_binding_activation_required');
    expect(t.states.at(-1)!.kind).toBe('credentials');
    vi.advanceTimersByTime(10 * 60_000);
    t.wake();
    expect(FakeSocket.instances).toHaveLength(1);
    // Try now, once they are re-activated.
    t.socket.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('tries a conversation with too many subscribers again slowly, never in a storm', () => {
    const t = setup();
    t.socket.start();
    for (const wait of [CROWDED_FIRST_MS, CROWDED_FIRST_MS * 2, CROWDED_FIRST_MS * 4]) {
      const before = FakeSocket.instances.length;
      latest().drop(1013, 'Too many connections for this conversation');
      expect(t.states.at(-1)).toMatchObject({ kind: 'crowded' });
      t.wake();
      vi.advanceTimersByTime(wait - 1);
      expect(FakeSocket.instances).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances).toHaveLength(before + 1);
    }
    expect(closeVerdict(1013, 'Too many connections for this conversation')).toBe('crowded');
  });

  it('reconnects with backoff from a slow consumer dropped, a frame too large or a failed subscribe', () => {
    expect(closeVerdict(1013, 'slow_consumer')).toBe('drop');
    expect(closeVerdict(1013, 'frame_too_large')).toBe('drop');
    expect(closeVerdict(1011, 'subscribe_failed')).toBe('drop');
    const t = setup();
    t.socket.start();
    latest().open();
    latest().drop(1013, 'slow_consumer');
    expect(t.states.at(-1)).toMatchObject({ kind: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(500);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('never retries a rejected key or a conversation that is gone', async () => {
    for (const [code, kind] of [
      [4001, 'key-rejected'],
      [4004, 'gone'],
    ] as const) {
      FakeSocket.instances = [];
      const t = setup();
      t.socket.start();
      latest().open();
      latest().drop(code);
      await vi.advanceTimersByTimeAsync(0);
      expect(t.states.at(-1)!.kind).toBe(kind);
      vi.advanceTimersByTime(60_000);
      t.wake();
      expect(FakeSocket.instances).toHaveLength(1);
    }
  });

  it('retries a 4001 when the key proves good over REST (the auth frame was late), not when it is wrong', async () => {
    for (const [keyGood, kind] of [
      [true, 'reconnecting'],
      [false, 'key-rejected'],
    ] as const) {
      FakeSocket.instances = [];
      const verifyKey = vi.fn().mockResolvedValue(keyGood);
      const { socket, states } = setup({}, { verifyKey });
      socket.start();
      latest().open();
      latest().drop(4001);
      await vi.waitFor(() => expect(verifyKey).toHaveBeenCalled());
      await vi.advanceTimersByTimeAsync(0);
      expect(states.at(-1)!.kind).toBe(kind);
      await vi.advanceTimersByTimeAsync(1000);
      expect(FakeSocket.instances).toHaveLength(keyGood ? 2 : 1);
      socket.stop();
    }
  });

  it('waits while the browser is offline and tries at once when it is back', () => {
    const t = setup();
    t.socket.start();
    latest().open();
    t.setOnline(false);
    latest().drop();
    expect(t.states.at(-1)!.kind).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    t.setOnline(true);
    t.wake();
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('tries at once when the tab wakes during a backoff wait', () => {
    const t = setup();
    t.socket.start();
    latest().drop();
    vi.advanceTimersByTime(500);
    latest().drop();
    expect(t.states.at(-1)).toMatchObject({ kind: 'reconnecting', attempt: 2 });
    t.wake();
    expect(FakeSocket.instances).toHaveLength(3);
  });

  it('reports silence on an open socket, and not after frames keep coming', () => {
    const t = setup();
    t.socket.start();
    latest().open();
    vi.advanceTimersByTime(20_000);
    latest().receive('{"id":"x","kind":"K"}');
    vi.advanceTimersByTime(20_000);
    expect(t.onSilence).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(t.onSilence).toHaveBeenCalledTimes(1);
    // Silence that goes on is reported again, once per period.
    vi.advanceTimersByTime(30_000);
    expect(t.onSilence).toHaveBeenCalledTimes(2);
  });

  it('sends only over an open socket and stops for good', () => {
    const t = setup();
    t.socket.start();
    expect(t.socket.send({ role: 'user' })).toBe(false);
    latest().open();
    expect(t.socket.send({ role: 'user' })).toBe(true);
    expect(JSON.parse(latest().sent.at(-1)!)).toEqual({ role: 'user' });
    t.socket.stop();
    expect(t.states.at(-1)!.kind).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
