// Which socket each server has, once learnt (protocolDetection.ts learns it): shared by every
// conversation on that server. Apart from the detector so that the first screen can read it
// without loading the session's socket code.

export type SocketProtocol = 'session' | 'legacy';

const learnt = new Map<string, SocketProtocol>();

export function forgetSocketProtocols(): void {
  learnt.clear();
}

/** Says which socket a server has (learnt by the detector, or told by a test). */
export function rememberSocketProtocol(serverUrl: string, protocol: SocketProtocol): void {
  learnt.set(serverUrl, protocol);
}

/** Whether the server's socket is known, rather than assumed. */
export function isSocketProtocolKnown(serverUrl: string): boolean {
  return learnt.has(serverUrl);
}

/** The socket to try first on this server. */
export function protocolFor(serverUrl: string): SocketProtocol {
  return learnt.get(serverUrl) ?? 'session';
}
