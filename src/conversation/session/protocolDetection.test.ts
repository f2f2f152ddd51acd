import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProtocolDetector, SYNC_DEADLINE_MS, hasSessionSocket, socketByVersion } from './protocolDetection';
import { forgetSocketProtocols, protocolFor, rememberSocketProtocol } from './socketProtocols';

const SERVER = 'http://127.0.0.1:9000';

const browserTimers = {
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function newDetector(
  probe: () => Promise<unknown>,
  useLegacy: () => void,
  reconnect = vi.fn(),
  syncLate = vi.fn(),
) {
  return new ProtocolDetector({
    serverUrl: SERVER,
    probe,
    useLegacy,
    reconnect,
    syncLate,
    timers: browserTimers,
  });
}

describe('which socket a server has', () => {
  beforeEach(() => forgetSocketProtocols());

  it('takes two closes before sync, with REST answering, as an older server: once', async () => {
    const useLegacy = vi.fn();
    const detector = newDetector(async () => ({}), useLegacy);
    await detector.closed(1006, 'session');
    expect(useLegacy).not.toHaveBeenCalled();
    await detector.closed(1006, 'session');
    expect(useLegacy).toHaveBeenCalledTimes(1);
    expect(protocolFor(SERVER)).toBe('legacy');
    // Learnt for the server: another conversation starts with the legacy socket.
    await newDetector(async () => ({}), useLegacy).closed(1006, 'session');
    expect(useLegacy).toHaveBeenCalledTimes(1);
  });

  it('never counts a refusal, a synced connection, or a server that is down', async () => {
    const useLegacy = vi.fn();
    const down = newDetector(() => Promise.reject(new Error('unreachable')), useLegacy);
    await down.closed(4001, 'session');
    await down.closed(4004, 'session');
    await down.closed(1013, 'session');
    expect(useLegacy).not.toHaveBeenCalled();
    await down.closed(1006, 'session');
    await down.closed(1006, 'session');
    expect(useLegacy).not.toHaveBeenCalled();
    expect(protocolFor(SERVER)).toBe('session');

    const up = newDetector(async () => ({}), useLegacy);
    await up.closed(1006, 'session');
    up.sync();
    await up.closed(1006, 'session');
    expect(useLegacy).not.toHaveBeenCalled();
    expect(protocolFor(SERVER)).toBe('session');
  });

  it('reads which versions have the session socket', () => {
    for (const version of ['1.57.0', '1.58.2', '1.57.1', '1.60.0', '2.0.0', '1.57.0rc1'])
      expect(hasSessionSocket({ version }), version).toBe(true);
    for (const version of ['1.56.9', '1.9.0', '0.99.0', 'mock', ''])
      expect(hasSessionSocket({ version }), version).toBe(false);
    expect(hasSessionSocket(undefined)).toBe(false);
    // What the version says, or nothing when it names no release (the mock, a development build).
    expect(socketByVersion({ version: '1.56.0' })).toBe('legacy');
    expect(socketByVersion({ version: '1.58.2' })).toBe('session');
    expect(socketByVersion({ version: 'mock' })).toBeUndefined();
  });

  it('keeps what a setting says', () => {
    rememberSocketProtocol(SERVER, 'legacy');
    expect(protocolFor(SERVER)).toBe('legacy');
  });

  describe('a session socket open without its sync', () => {
    beforeEach(() => void vi.useFakeTimers());
    afterEach(() => void vi.useRealTimers());

    it('never takes a server whose version has the session socket for an old one', async () => {
      const useLegacy = vi.fn();
      const reconnect = vi.fn();
      // 1.58.2 sends `sync` only once a running tool lets go of the conversation's lock: a socket
      // opened during a long command stays silent past the deadline, again and again.
      const busy = newDetector(async () => ({ version: '1.58.2' }), useLegacy, reconnect);
      await busy.closed(0, 'session');
      await busy.closed(0, 'session');
      expect(useLegacy).not.toHaveBeenCalled();
      expect(protocolFor(SERVER)).toBe('session');
      // Known now: a silent socket is left to wait for its sync, not dropped every few seconds.
      busy.connectionChanged(true, 'session');
      vi.advanceTimersByTime(SYNC_DEADLINE_MS * 3);
      expect(reconnect).not.toHaveBeenCalled();
    });

    it('has what the server holds read over REST once its deadline passes, known server or not', async () => {
      const syncLate = vi.fn();
      rememberSocketProtocol(SERVER, 'session');
      const busy = newDetector(async () => ({ version: '1.58.2' }), vi.fn(), vi.fn(), syncLate);
      busy.connectionChanged(true, 'session');
      vi.advanceTimersByTime(SYNC_DEADLINE_MS - 1);
      expect(syncLate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(syncLate).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(SYNC_DEADLINE_MS * 3);
      expect(syncLate).toHaveBeenCalledTimes(1);

      forgetSocketProtocols();
      const unknown = newDetector(async () => ({}), vi.fn(), vi.fn(), syncLate);
      unknown.connectionChanged(true, 'session');
      await vi.advanceTimersByTimeAsync(SYNC_DEADLINE_MS);
      expect(syncLate).toHaveBeenCalledTimes(2);
      // One that synced in time needs no read.
      unknown.connectionChanged(true, 'session');
      unknown.sync();
      await vi.advanceTimersByTimeAsync(SYNC_DEADLINE_MS);
      expect(syncLate).toHaveBeenCalledTimes(2);
    });

    it('counts as a close before sync once the deadline passes, and is replaced', async () => {
      const useLegacy = vi.fn();
      const reconnect = vi.fn();
      const silent = newDetector(async () => ({}), useLegacy, reconnect);
      silent.connectionChanged(true, 'session');
      await vi.advanceTimersByTimeAsync(SYNC_DEADLINE_MS - 1);
      expect(reconnect).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(reconnect).toHaveBeenCalledTimes(1);
      silent.connectionChanged(true, 'session');
      await vi.advanceTimersByTimeAsync(SYNC_DEADLINE_MS);
      expect(useLegacy).toHaveBeenCalledTimes(1);
    });

    it('is not waited for once sync came, when the socket closed, or on the legacy socket', async () => {
      const reconnect = vi.fn();
      const synced = newDetector(async () => ({}), vi.fn(), reconnect);
      synced.connectionChanged(true, 'session');
      synced.sync();
      synced.connectionChanged(false, 'session');
      synced.connectionChanged(true, 'legacy');
      await vi.advanceTimersByTimeAsync(SYNC_DEADLINE_MS * 3);
      expect(reconnect).not.toHaveBeenCalled();
    });
  });
});
