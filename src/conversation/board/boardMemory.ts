import { createStore } from 'zustand/vanilla';
import type { Glimpse } from './glimpse';
import { GLIMPSES_FORGOTTEN, GLIMPSES_KEY, readRecord, readSeenMarks, SEEN_CHANGED } from './boardStorage';

// What the board remembers in this browser, by `<server id>/<conversation id>`:
// - seen: the `updated_at` each conversation had when the person last had it on screen (or marked
//   it seen from its card), so that a finished run is for review only until it has been looked at
//   (boardStorage.ts writes them);
// - glimpses: what the newest events of each conversation told, as of its `updated_at`, so that the
//   board paints at once on the next visit and reads again only what changed since.
// A glimpse can hold a command the agent waits to run: it is cleared with the browser's copy.

/** Kept glimpses at most: the oldest read go first. */
const MAX_GLIMPSES = 2_000;

export interface BoardMemory {
  readonly seen: Readonly<Record<string, string>>;
  readonly glimpses: Readonly<Record<string, Glimpse>>;
}

function write(key: string, value: object): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the board reads again on its next visit.
  }
}

export const boardMemory = createStore<BoardMemory>(() => ({
  seen: readSeenMarks(),
  glimpses: readRecord<Glimpse>(GLIMPSES_KEY),
}));
window.addEventListener(SEEN_CHANGED, () => boardMemory.setState({ seen: readSeenMarks() }));
window.addEventListener(GLIMPSES_FORGOTTEN, () => boardMemory.setState({ glimpses: {} }));

export function keepGlimpse(key: string, glimpse: Glimpse): void {
  const glimpses = { ...boardMemory.getState().glimpses, [key]: glimpse };
  const keys = Object.keys(glimpses);
  if (keys.length > MAX_GLIMPSES)
    for (const old of keys
      .sort((a, b) => Date.parse(glimpses[a]!.readAt) - Date.parse(glimpses[b]!.readAt))
      .slice(0, keys.length - MAX_GLIMPSES))
      delete glimpses[old];
  write(GLIMPSES_KEY, glimpses);
  boardMemory.setState({ glimpses });
}
