import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ProtocolDetector,
  forgetSocketProtocols,
  protocolFor,
  rememberSocketProtocol,
} from './protocolDetection';

const SERVER = 'http://127.0.0.1:9000';

describe('which socket a server has', () => {
  beforeEach(() => forgetSocketProtocols());

  it('takes two closes before sync, with REST answering, as an older server: once', async () => {
    const useLegacy = vi.fn();
    const detector = new ProtocolDetector(SERVER, async () => ({}), useLegacy);
    await detector.closed(1006, 'session');
    expect(useLegacy).not.toHaveBeenCalled();
    await detector.closed(1006, 'session');
    expect(useLegacy).toHaveBeenCalledTimes(1);
    expect(protocolFor(SERVER)).toBe('legacy');
    // Learnt for the server: another conversation starts with the legacy socket.
    await new ProtocolDetector(SERVER, async () => ({}), useLegacy).closed(1006, 'session');
    expect(useLegacy).toHaveBeenCalledTimes(1);
  });

  it('never counts a refusal, a synced connection, or a server that is down', async () => {
    const useLegacy = vi.fn();
    const down = new ProtocolDetector(SERVER, () => Promise.reject(new Error('unreachable')), useLegacy);
    await down.closed(4001, 'session');
    await down.closed(4004, 'session');
    await down.closed(1013, 'session');
    expect(useLegacy).not.toHaveBeenCalled();
    await down.closed(1006, 'session');
    await down.closed(1006, 'session');
    expect(useLegacy).not.toHaveBeenCalled();
    expect(protocolFor(SERVER)).toBe('session');

    const up = new ProtocolDetector(SERVER, async () => ({}), useLegacy);
    await up.closed(1006, 'session');
    up.sync();
    await up.closed(1006, 'session');
    expect(useLegacy).not.toHaveBeenCalled();
    expect(protocolFor(SERVER)).toBe('session');
  });

  it('keeps what a setting says', () => {
    rememberSocketProtocol(SERVER, 'legacy');
    expect(protocolFor(SERVER)).toBe('legacy');
  });
});
