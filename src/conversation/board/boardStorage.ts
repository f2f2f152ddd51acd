// What the board keeps in this browser's storage that is written from outside the board: when the
// person last had each conversation on screen (by `<server id>/<conversation id>`, the
// `updated_at` it had then: the server's clock on both sides), and the forgetting of the glimpses
// when the browser's copy is cleared. Plain storage and window events, so that neither costs the
// first screen the board's store (boardMemory.ts listens).

const SEEN_KEY = 'tether.board.seen';
export const GLIMPSES_KEY = 'tether.board.glimpses';
export const SEEN_CHANGED = 'tether:seen-changed';
export const GLIMPSES_FORGOTTEN = 'tether:glimpses-forgotten';

/** A record kept as JSON under `key`; empty when there is none, or what is there is no record. */
export function readRecord<T>(key: string): Record<string, T> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, T>)
      : {};
  } catch {
    return {};
  }
}

export const readSeenMarks = () => readRecord<string>(SEEN_KEY);

/** The person had the conversation on screen (or marked its card seen) as of `updatedAt`. */
export function markSeen(key: string, updatedAt: string): void {
  const seen = readSeenMarks();
  const before = seen[key];
  if (before !== undefined && Date.parse(before) >= Date.parse(updatedAt)) return;
  seen[key] = updatedAt;
  try {
    localStorage.setItem(SEEN_KEY, JSON.stringify(seen));
  } catch {
    // Storage full or refused: the board counts it unseen.
  }
  window.dispatchEvent(new Event(SEEN_CHANGED));
}

/** The browser's copy is cleared: a glimpse can hold a command the agent waited to run. */
export function forgetGlimpses(): void {
  try {
    localStorage.removeItem(GLIMPSES_KEY);
  } catch {
    // No storage.
  }
  window.dispatchEvent(new Event(GLIMPSES_FORGOTTEN));
}
