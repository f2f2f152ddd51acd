// The event socket of one conversation: auth as the first frame, a resend cursor, backoff with
// jitter, and the close codes that must not be retried. It knows nothing of React or of what
// the frames mean; the live session decides that.

export type ConnectionState =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'open' }
  | { kind: 'reconnecting'; attempt: number; retryAt: number }
  | { kind: 'offline' }
  | { kind: 'key-rejected' }
  | { kind: 'gone' }
  /** The server must have its credentials re-activated before it opens this conversation. */
  | { kind: 'credentials' }
  /** The conversation has as many subscribers as the server allows: tried again, slowly. */
  | { kind: 'crowded'; attempt: number; retryAt: number }
  | { kind: 'closed' };

/**
 * What a close says, by its code and reason (agent-server 1.58 session_socket.py / sockets.py):
 * 4001 a key refused, 4004 no such conversation, 1013 with a reason for credentials that need
 * re-activating or too many subscribers (a slow consumer dropped, or a frame too large, is a
 * plain drop), anything else a drop to reconnect from with backoff.
 */
export type CloseVerdict = 'key' | 'gone' | 'credentials' | 'crowded' | 'drop';

export function closeVerdict(code: number, reason: string): CloseVerdict {
  if (code === CLOSE_KEY_REJECTED) return 'key';
  if (code === CLOSE_NOT_FOUND) return 'gone';
  if (code === CLOSE_TRY_AGAIN_LATER) {
    if (reason === 'credential_binding_activation_required') return 'credentials';
    if (/too many/i.test(reason)) return 'crowded';
  }
  return 'drop';
}

/** A crowded conversation is tried again after a minute, doubling to ten: never in a storm. */
export const CROWDED_FIRST_MS = 60_000;
export const CROWDED_CAP_MS = 10 * 60_000;

export interface SocketEnvironment {
  WebSocket: typeof WebSocket;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  random: () => number;
  isOnline: () => boolean;
  /** Subscribes to the browser's online event and the tab becoming visible. */
  onWake: (fn: () => void) => () => void;
}

export const browserEnvironment = (): SocketEnvironment => ({
  WebSocket: window.WebSocket,
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  random: Math.random,
  isOnline: () => navigator.onLine,
  onWake: (fn) => {
    const onVisible = () => document.visibilityState === 'visible' && fn();
    window.addEventListener('online', fn);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', fn);
      document.removeEventListener('visibilitychange', onVisible);
    };
  },
});

export interface SocketOptions {
  sessionApiKey: string;
  /** The address of each new connection: it carries the resume cursor held at that moment. */
  url: () => string;
  onFrame: (frame: unknown) => void;
  onMalformedFrame: (text: string) => void;
  onState: (state: ConnectionState) => void;
  /** Every close of a connection, with its code. */
  onClosed?: (code: number) => void;
  /**
   * Asked on a 4001 close, which the server sends for a wrong key and also when the auth frame
   * took over 10 s to reach it (a busy machine, a proxy): true when the key is good after all.
   * Without it, a 4001 is taken as a wrong key.
   */
  verifyKey?: () => Promise<boolean>;
  /** Called each `silenceMs` the socket stays silent while open. */
  onSilence: () => void;
  silenceMs?: number;
}

export const BACKOFF_START_MS = 500;
export const BACKOFF_CAP_MS = 10_000;
export const CLOSE_KEY_REJECTED = 4001;
export const CLOSE_NOT_FOUND = 4004;
export const CLOSE_TRY_AGAIN_LATER = 1013;

/** 0.5 s doubling to 10 s, each delay drawn within ±25 % so many tabs do not retry in step. */
export function backoffDelay(attempt: number, random: () => number): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

export class ConversationSocket {
  private socket: WebSocket | undefined;
  /** Connections lost or failed in a row; 0 once a socket opens. */
  private failures = 0;
  private retryTimer: unknown;
  private silenceTimer: unknown;
  private stopped = false;
  private state: ConnectionState = { kind: 'closed' };
  private readonly unsubscribeWake: () => void;

  constructor(
    private readonly options: SocketOptions,
    private readonly env: SocketEnvironment = browserEnvironment(),
  ) {
    this.unsubscribeWake = env.onWake(() => this.wake());
  }

  get connectionState(): ConnectionState {
    return this.state;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Sends one frame if the socket is open; false means the caller must use another path. */
  send(frame: object): boolean {
    if (!this.socket || this.socket.readyState !== this.env.WebSocket.OPEN || this.state.kind !== 'open')
      return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Drops the current socket and connects again at once (a stale or silent socket, or Try now). */
  reconnectNow(): void {
    if (this.stopped || this.state.kind === 'key-rejected' || this.state.kind === 'gone') return;
    this.crowded = 0;
    this.detach();
    this.env.clearTimeout(this.retryTimer);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.env.clearTimeout(this.retryTimer);
    this.env.clearTimeout(this.silenceTimer);
    this.unsubscribeWake();
    this.detach();
    this.setState({ kind: 'closed' });
  }

  /** Closes in a row that said the conversation has too many subscribers. */
  private crowded = 0;

  private wake(): void {
    if (this.stopped) return;
    if (this.state.kind === 'reconnecting' || this.state.kind === 'offline') {
      this.env.clearTimeout(this.retryTimer);
      this.connect();
    }
  }

  private connect(): void {
    if (this.stopped) return;
    if (!this.env.isOnline()) {
      this.setState({ kind: 'offline' });
      return;
    }
    this.setState({ kind: 'connecting', attempt: this.failures + 1 });
    let socket: WebSocket;
    try {
      socket = new this.env.WebSocket(this.options.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      // The key goes in the first frame, never in the URL (it would end up in logs).
      socket.send(JSON.stringify({ type: 'auth', session_api_key: this.options.sessionApiKey }));
      this.failures = 0;
      this.setState({ kind: 'open' });
      this.armSilenceTimer();
    };
    socket.onmessage = (message) => {
      this.armSilenceTimer();
      const text = typeof message.data === 'string' ? message.data : '';
      let frame: unknown;
      try {
        frame = JSON.parse(text);
      } catch {
        this.options.onMalformedFrame(text.slice(0, 200));
        return;
      }
      this.options.onFrame(frame);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.env.clearTimeout(this.silenceTimer);
      if (this.stopped) return;
      this.options.onClosed?.(event.code);
      if (this.stopped || this.socket) return;
      const verdict = closeVerdict(event.code, event.reason ?? '');
      if (verdict !== 'crowded') this.crowded = 0;
      if (verdict === 'key') void this.keyRefused();
      else if (verdict === 'gone') this.setState({ kind: 'gone' });
      // Not retried by itself: nothing changes until someone re-activates them on the server.
      else if (verdict === 'credentials') this.setState({ kind: 'credentials' });
      else if (verdict === 'crowded') this.scheduleCrowdedRetry();
      else this.scheduleRetry();
    };
    socket.onerror = () => {
      // A close event always follows; retrying is decided there.
    };
  }

  private async keyRefused(): Promise<void> {
    const verify = this.options.verifyKey;
    const good = verify ? await verify().catch(() => true) : false;
    if (this.stopped || this.socket) return;
    if (good) this.scheduleRetry();
    else this.setState({ kind: 'key-rejected' });
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    if (!this.env.isOnline()) {
      this.setState({ kind: 'offline' });
      return;
    }
    this.failures += 1;
    const delay = backoffDelay(this.failures, this.env.random);
    this.setState({ kind: 'reconnecting', attempt: this.failures, retryAt: this.env.now() + delay });
    this.retryTimer = this.env.setTimeout(() => this.connect(), delay);
  }

  private scheduleCrowdedRetry(): void {
    this.crowded += 1;
    const delay = Math.min(CROWDED_CAP_MS, CROWDED_FIRST_MS * 2 ** (this.crowded - 1));
    this.setState({ kind: 'crowded', attempt: this.crowded, retryAt: this.env.now() + delay });
    this.retryTimer = this.env.setTimeout(() => this.connect(), delay);
  }

  private armSilenceTimer(): void {
    this.env.clearTimeout(this.silenceTimer);
    this.silenceTimer = this.env.setTimeout(() => {
      if (this.state.kind !== 'open') return;
      this.options.onSilence();
      // Silence that goes on is looked at again: a socket can go deaf long after a first quiet spell.
      this.armSilenceTimer();
    }, this.options.silenceMs ?? 30_000);
  }

  private detach(): void {
    const socket = this.socket;
    this.socket = undefined;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    if (
      socket.readyState === this.env.WebSocket.OPEN ||
      socket.readyState === this.env.WebSocket.CONNECTING
    ) {
      socket.close(1000, 'client closed');
    }
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.options.onState(state);
  }
}
