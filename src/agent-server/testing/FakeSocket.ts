import type { SocketEnvironment } from '../socket';

// A WebSocket stand-in for unit tests: the test opens it, feeds it frames and drops it.
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  static latest(): FakeSocket {
    return FakeSocket.instances.at(-1)!;
  }

  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  frame(event: object) {
    this.receive(JSON.stringify(event));
  }
  drop(code = 1006, reason = '') {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason });
  }
}

/** A socket environment of fake sockets on the test's timers: online, never woken, clock at 0. */
export const fakeSocketEnvironment: SocketEnvironment = {
  WebSocket: FakeSocket as unknown as typeof WebSocket,
  now: () => 0,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
  random: () => 0.5,
  isOnline: () => true,
  onWake: () => () => {},
};
