// A request to a server just failed the way a server that is down fails (no answer, a 5xx).
// Whoever holds that server's health reads it again at once, so the header and the list say it
// within a second instead of at the next scheduled check. The reporter (the list's reads) knows
// nothing of who listens. (A conversation's socket says the same through the session's own
// onLinkChanged.)

type Listener = (serverUrl: string) => void;
const listeners = new Set<Listener>();

export function noteServerTrouble(serverUrl: string): void {
  for (const listener of listeners) listener(serverUrl);
}

export function onServerTrouble(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
