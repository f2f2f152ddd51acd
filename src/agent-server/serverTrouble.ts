// A request to a server just failed the way a server that is down fails (no answer, a 5xx, a
// socket cut without a word). Whoever holds that server's health reads it again at once, so the
// header and the list say it within a second instead of at the next scheduled check. The
// reporters (the list's reads, a conversation's socket) know nothing of who listens.

type Listener = (serverUrl: string) => void;
const listeners = new Set<Listener>();

export function noteServerTrouble(serverUrl: string): void {
  for (const listener of listeners) listener(serverUrl);
}

export function onServerTrouble(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Socket closes that say the server (or the way to it) is gone, not that it turned us away. */
export function closeSaysTrouble(code: number): boolean {
  return code === 1006 || code === 1011 || code === 1012 || code === 1014;
}
