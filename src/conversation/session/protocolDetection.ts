import { CLOSE_KEY_REJECTED, CLOSE_NOT_FOUND } from '../../agent-server/socket';

// Which socket a server has: the session socket (`/sockets/session/{id}`) first, the legacy
// `/sockets/events/{id}` on a server without it. Learnt once per server and shared by every
// conversation on it.
//
// A session socket that closes twice in a row before its `sync` frame, on a server whose REST
// answers, belongs to a server without that route. (Whether the connection "opened" says
// nothing: a proxy, or a service worker, may accept it before the server refuses it.)

export type SocketProtocol = 'session' | 'legacy';

/** Closes by which a server that has the session socket refuses one connection: no sign of an old server. */
const REFUSALS = [CLOSE_KEY_REJECTED, CLOSE_NOT_FOUND, 1013];

const protocols = new Map<string, { protocol: SocketProtocol; confirmed: boolean }>();

export function forgetSocketProtocols(): void {
  protocols.clear();
}

/** Says which socket a server has, without the probe (a setting, or a test). */
export function rememberSocketProtocol(serverUrl: string, protocol: SocketProtocol): void {
  protocols.set(serverUrl, { protocol, confirmed: true });
}

/** The socket to try first on this server. */
export function protocolFor(serverUrl: string): SocketProtocol {
  return protocols.get(serverUrl)?.protocol ?? 'session';
}

/** Follows one conversation's connections and decides, with a REST probe, when a server is old. */
export class ProtocolDetector {
  private syncedThisConnection = false;
  private closesBeforeSync = 0;
  private probing = false;

  constructor(
    private readonly serverUrl: string,
    /** A REST read that succeeds when the server is up. */
    private readonly probe: () => Promise<unknown>,
    /** The server has only the legacy socket: reconnect with it. */
    private readonly useLegacy: () => void,
  ) {}

  get synced(): boolean {
    return this.syncedThisConnection;
  }

  /** The session socket's `sync` frame came: this server has it. */
  sync(): void {
    this.syncedThisConnection = true;
    if (!protocols.get(this.serverUrl)?.confirmed)
      protocols.set(this.serverUrl, { protocol: 'session', confirmed: true });
  }

  /** The connection closed (or counts as closed) with this code, speaking `protocol`. */
  async closed(code: number, protocol: SocketProtocol): Promise<void> {
    const synced = this.syncedThisConnection;
    this.syncedThisConnection = false;
    if (
      synced ||
      protocol !== 'session' ||
      protocols.get(this.serverUrl)?.confirmed ||
      REFUSALS.includes(code)
    ) {
      this.closesBeforeSync = 0;
      return;
    }
    if (++this.closesBeforeSync < 2 || this.probing) return;
    this.probing = true;
    try {
      await this.probe();
      protocols.set(this.serverUrl, { protocol: 'legacy', confirmed: true });
      this.useLegacy();
    } catch {
      // Unreachable: the server is down, not old. The socket's backoff goes on.
    } finally {
      this.probing = false;
    }
  }
}
