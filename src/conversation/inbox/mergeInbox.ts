// One inbox over several agent-servers: each server lists its conversations newest update first,
// a page at a time, and the pages of different servers arrive in any order. The inbox shows the
// part of the merged order that no page still to come can change: a row is shown only when every
// server that may still hold a newer one has a page in that reaches at least as far back. So,
// between two updates of a conversation (which move it to the top), the rows shown only grow at
// the end: nothing skipped, nothing doubled, nothing inserted above what was read. The next page
// is asked of the server that holds the inbox back. Pure; the servers' queries feed it.

/** A conversation as the inbox orders it. */
export interface InboxEntry {
  readonly serverId: string;
  readonly id: string;
  /** The server's `updated_at` (ISO 8601, UTC). */
  readonly updatedAt: string;
}

/** What the inbox knows of one server's list. */
export interface ServerListing<T extends InboxEntry> {
  /** The pages read so far, in the order the server gave them. */
  readonly items: readonly T[];
  /**
   * The server has nothing more to give: its last page came, or it cannot answer now (down, key
   * refused). A server that cannot answer must not hold the others back; its rows read before
   * stay, in place.
   */
  readonly settled: boolean;
}

export interface MergedInbox<T extends InboxEntry> {
  /** The rows whose place no page to come can change, newest update first, each once. */
  readonly shown: readonly T[];
  /**
   * The servers that may still hold rows to come, the one whose next page lets the most rows
   * show first (a server with no page yet, else the one whose oldest row is the newest).
   */
  readonly holdingBack: readonly string[];
}

/** Newest update first; ties broken by server and id so that every client sorts alike. */
export function compareEntries(a: InboxEntry, b: InboxEntry): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  if (a.serverId !== b.serverId) return a.serverId < b.serverId ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function mergeInbox<T extends InboxEntry>(
  listings: ReadonlyMap<string, ServerListing<T>>,
): MergedInbox<T> {
  const rows = new Map<string, T>();
  /** Each unsettled server's oldest row: nothing older may show before its next page. */
  const holds: { serverId: string; oldest: T | undefined }[] = [];
  for (const [serverId, listing] of listings) {
    let oldest: T | undefined;
    for (const item of listing.items) {
      // A row can come twice when the server's list moved between two pages (an update moves a
      // conversation to the top): its newer place is the one kept.
      const key = `${item.serverId}\u0000${item.id}`;
      const held = rows.get(key);
      if (!held || compareEntries(item, held) < 0) rows.set(key, item);
      if (!oldest || compareEntries(item, oldest) > 0) oldest = item;
    }
    if (!listing.settled) holds.push({ serverId, oldest });
  }
  // The hold that binds is the newest of them; a server with no page yet binds everything.
  holds.sort((a, b) => (!a.oldest ? -1 : !b.oldest ? 1 : compareEntries(a.oldest, b.oldest)));
  const all = [...rows.values()].sort(compareEntries);
  const bound = holds[0];
  const shown = !bound
    ? all
    : !bound.oldest
      ? []
      : all.filter((row) => compareEntries(row, bound.oldest!) <= 0);
  return { shown, holdingBack: holds.map((hold) => hold.serverId) };
}
