import { isRecord } from '../../agent-server/protocol';
import { CLOSE_KEY_REJECTED, CLOSE_NOT_FOUND } from '../../agent-server/socket';
import type { SessionTimers } from './timers';
import { isSocketProtocolKnown, rememberSocketProtocol, type SocketProtocol } from './socketProtocols';

// Which socket a server has: the session socket (`/sockets/session/{id}`) first, the legacy
// `/sockets/events/{id}` on a server without it. Learnt once per server and shared by every
// conversation on it.
//
// A session socket that closes twice in a row before its `sync` frame, on a server whose REST
// answers, belongs to a server without that route. (Whether the connection "opened" says
// nothing: a proxy, or a service worker, may accept it before the server refuses it.) A session
// socket that stays open without its `sync` counts as such a close: a proxy that accepted the
// upgrade for a server without the route keeps the socket open and silent (Playwright's socket
// routing does, and so may others).

/** How long an open session socket may go without its `sync` frame (the server sends it right after auth). */
export const SYNC_DEADLINE_MS = 4_000;

/**
 * The oldest agent-server known to have the session socket (the oldest the real suite runs
 * against). A server whose info says it is at least this new is never taken for an old one,
 * however long its `sync` takes: the server sends `sync` only after it has read the
 * conversation's state under its lock (`EventService.subscribe_to_events`), and a running tool
 * holds that lock, so a socket opened during a long command stays silent until the command ends.
 */
const SESSION_SOCKET_SINCE = [1, 57, 0] as const;

/**
 * The socket a server's `/server_info` version says it has; undefined when it names no version
 * (a development build, the built-in mock), and the socket's closes must tell.
 */
export function socketByVersion(info: unknown): SocketProtocol | undefined {
  const version = isRecord(info) && typeof info.version === 'string' ? info.version : '';
  const parts = /^(\d+)\.(\d+)\.(\d+)/.exec(version)?.slice(1).map(Number);
  if (!parts) return undefined;
  for (const [index, since] of SESSION_SOCKET_SINCE.entries())
    if (parts[index] !== since) return parts[index]! > since ? 'session' : 'legacy';
  return 'session';
}

/** Whether a server's `/server_info` names a version that has the session socket. */
export function hasSessionSocket(info: unknown): boolean {
  return socketByVersion(info) === 'session';
}

/** How long the first socket to a server waits for its version before trying the session socket. */
export const VERSION_WAIT_MS = 2_000;

/** One read of each server's version per page, shared by its conversations. */
const versionReads = new Map<string, Promise<SocketProtocol | undefined>>();

/**
 * Chooses a server's socket from its version, once per server: the session socket from 1.57 on,
 * the legacy one before (no attempt wasted on a route it lacks). A version that cannot be read in
 * time, or names no release, leaves the choice to the closes (ProtocolDetector).
 */
export function chooseSocketByVersion(
  serverUrl: string,
  probe: () => Promise<unknown>,
  timers: SessionTimers,
): Promise<void> {
  if (isSocketProtocolKnown(serverUrl)) return Promise.resolve();
  let read = versionReads.get(serverUrl);
  if (!read) {
    read = probe().then(socketByVersion, () => undefined);
    versionReads.set(serverUrl, read);
  }
  const answer = read;
  return new Promise<void>((resolve) => {
    const timer = timers.setTimeout(resolve, VERSION_WAIT_MS);
    void answer.then((said) => {
      timers.clearTimeout(timer);
      // Late or not, what the version says holds for the next connection.
      if (said && !isSocketProtocolKnown(serverUrl)) rememberSocketProtocol(serverUrl, said);
      resolve();
    });
  });
}

/** Forgets the versions read (tests). */
export function forgetVersionReads(): void {
  versionReads.clear();
}

/** Closes by which a server that has the session socket refuses one connection: no sign of an old server. */
const REFUSALS = [CLOSE_KEY_REJECTED, CLOSE_NOT_FOUND, 1013];

export interface DetectorDependencies {
  serverUrl: string;
  /** A REST read that succeeds when the server is up. */
  probe: () => Promise<unknown>;
  /** The server has only the legacy socket: reconnect with it. */
  useLegacy: () => void;
  /** Drop a silent connection and open another. */
  reconnect: () => void;
  /**
   * An open session socket is past its deadline without `sync`: what the server holds is read
   * over REST meanwhile. A busy server's socket says nothing until the running tool ends, and the
   * tool's own call would not be on screen before it did.
   */
  syncLate?: () => void;
  timers: SessionTimers;
}

/** Follows one conversation's connections and decides, with a REST probe, when a server is old. */
export class ProtocolDetector {
  private syncedThisConnection = false;
  private closesBeforeSync = 0;
  private probing = false;
  private syncDeadline: unknown;
  private readonly serverUrl: string;

  constructor(private readonly deps: DetectorDependencies) {
    this.serverUrl = deps.serverUrl;
  }

  /** The connection changed; an open session socket must send its `sync` in time. */
  connectionChanged(open: boolean, protocol: SocketProtocol): void {
    this.stopWaiting();
    if (!open || protocol !== 'session') return;
    this.syncDeadline = this.deps.timers.setTimeout(() => {
      this.syncDeadline = undefined;
      if (this.syncedThisConnection) return;
      this.deps.syncLate?.();
      // Once the server is known to have the session socket, a silent one is busy, not old.
      if (isSocketProtocolKnown(this.serverUrl)) return;
      void this.closed(0, 'session');
      this.deps.reconnect();
    }, SYNC_DEADLINE_MS);
  }

  stopWaiting(): void {
    if (this.syncDeadline !== undefined) this.deps.timers.clearTimeout(this.syncDeadline);
    this.syncDeadline = undefined;
  }

  /** The session socket's `sync` frame came: this server has it. */
  sync(): void {
    this.stopWaiting();
    this.syncedThisConnection = true;
    if (!isSocketProtocolKnown(this.serverUrl)) rememberSocketProtocol(this.serverUrl, 'session');
  }

  /** The connection closed (or counts as closed) with this code, speaking `protocol`. */
  async closed(code: number, protocol: SocketProtocol): Promise<void> {
    const synced = this.syncedThisConnection;
    this.syncedThisConnection = false;
    if (
      synced ||
      protocol !== 'session' ||
      isSocketProtocolKnown(this.serverUrl) ||
      REFUSALS.includes(code)
    ) {
      this.closesBeforeSync = 0;
      return;
    }
    if (++this.closesBeforeSync < 2 || this.probing) return;
    this.probing = true;
    try {
      if (hasSessionSocket(await this.deps.probe())) {
        rememberSocketProtocol(this.serverUrl, 'session');
        this.closesBeforeSync = 0;
        return;
      }
      rememberSocketProtocol(this.serverUrl, 'legacy');
      this.deps.useLegacy();
    } catch {
      // Unreachable: the server is down, not old. The socket's backoff goes on.
    } finally {
      this.probing = false;
    }
  }
}
