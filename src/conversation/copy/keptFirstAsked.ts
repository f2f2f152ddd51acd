// The first thing the user asked in each conversation, kept in this browser once read: it is the
// title of a conversation the server has not titled, and the list and the header would otherwise
// ask the server for it again on every visit (a read of about 1 kB each on 1.58.2). It cannot
// change once it exists, so what is kept stays true; a conversation with nothing asked yet is not
// kept (its first message is still to come). Only the first line is kept, as far as a title shows
// it, and only for the newest conversations read; the copy's clearing forgets it with the rest.

const PREFIX = 'tether.firstAsked:';
/** The most conversations kept per server; the ones read longest ago go first. */
const MOST_KEPT = 500;
/** More than a title ever shows (conversationTitle clips at 80). */
const MOST_CHARACTERS = 200;

/** Each server's kept lines, as read from storage once per page. */
const read = new Map<string, Record<string, string>>();

function keptFor(serverUrl: string): Record<string, string> {
  let kept = read.get(serverUrl);
  if (!kept) {
    kept = {};
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(PREFIX + serverUrl) ?? 'null');
      if (typeof stored === 'object' && stored !== null && !Array.isArray(stored))
        for (const [id, line] of Object.entries(stored)) if (typeof line === 'string') kept[id] = line;
    } catch {
      // Malformed or no storage: nothing kept.
    }
    read.set(serverUrl, kept);
  }
  return kept;
}

/** The first line the user asked in a conversation, if this browser read it before. */
export function keptFirstAsked(serverUrl: string, conversationId: string): string | undefined {
  return keptFor(serverUrl)[conversationId];
}

/** Keeps the first line of what the server says the user asked first (nothing, when empty). */
export function keepFirstAsked(serverUrl: string, conversationId: string, text: string): void {
  const line = text.trim().split('\n')[0]?.trim().slice(0, MOST_CHARACTERS);
  if (!line) return;
  const kept = keptFor(serverUrl);
  if (kept[conversationId] === line) return;
  delete kept[conversationId];
  kept[conversationId] = line;
  const ids = Object.keys(kept);
  for (const id of ids.slice(0, Math.max(0, ids.length - MOST_KEPT))) delete kept[id];
  try {
    localStorage.setItem(PREFIX + serverUrl, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the next visit asks the server, as before.
  }
}

/** Every kept line goes (the browser's copy is cleared). */
export function forgetFirstAsked(): void {
  read.clear();
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index) ?? '');
    for (const key of keys) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Nothing kept, or no storage.
  }
}
