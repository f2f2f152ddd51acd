import type { CopiedConversation } from '../copy/copySchema';

// What the search cannot reach, named: conversations listed on a server that this browser keeps
// nothing of, and conversations it keeps only in part (opened, but their older events never read
// here: the copy holds from where the reading stopped). Fetching either reads it whole.

export interface Listed {
  server: string;
  id: string;
  title: string | null | undefined;
}

export interface Unsearched {
  /** Listed on a server, nothing kept. */
  notKept: Listed[];
  /** Kept from some event on, not from the conversation's first. */
  partlyKept: Listed[];
}

const key = (server: string, id: string) => `${server}\u0000${id}`;

/**
 * Sorts the listed conversations and the copy's by what the search holds of them. A copy whose
 * server is not among `servers` (forgotten here) cannot be fetched, and is left out.
 */
export function unsearched(
  listed: readonly Listed[],
  kept: readonly CopiedConversation[],
  servers: ReadonlySet<string>,
): Unsearched {
  const keptNames = new Set(kept.map((meta) => key(meta.server, meta.conversation)));
  const notKept = listed.filter((entry) => !keptNames.has(key(entry.server, entry.id)));
  const titles = new Map(listed.map((entry) => [key(entry.server, entry.id), entry.title]));
  const partlyKept = kept
    .filter((meta) => meta.olderCursor !== null && servers.has(meta.server))
    .map((meta) => ({
      server: meta.server,
      id: meta.conversation,
      // The list's title is the newest; the copy's is as it was last written.
      title: titles.get(key(meta.server, meta.conversation)) ?? meta.listed?.title,
    }));
  return { notKept, partlyKept };
}
