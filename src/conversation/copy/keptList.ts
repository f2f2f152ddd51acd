import type { Page } from '../../agent-server/protocol';
import { listedInfo, type ListedInfo } from './listedInfo';

// Each server's first page of conversations as it was last read, kept in this browser so that
// the next visit paints the list at once, before the server answers; the read that follows
// replaces it. Only what a list row shows is kept (listedInfo): never the agent's settings, which
// hold the model's key, and never the session key (the server's address names the entry).
// localStorage rather than IndexedDB: it is read in the task that draws the first screen, with
// no database to open, and a page of twenty conversations is a few kilobytes.

const PREFIX = 'tether.list:';

export interface KeptList {
  /** When the server's page was read (ms since the epoch). */
  readonly savedAt: number;
  readonly items: readonly ListedInfo[];
  readonly nextPageId: string | null;
}

/** The server's list as last read here, if this browser kept one (anything malformed is none). */
export function keptList(serverUrl: string): KeptList | undefined {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(PREFIX + serverUrl) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return undefined;
    const { savedAt, items, nextPageId } = kept as Record<string, unknown>;
    if (typeof savedAt !== 'number' || !Array.isArray(items)) return undefined;
    return {
      savedAt,
      items: items.flatMap((item) => listedInfo(item) ?? []),
      nextPageId: typeof nextPageId === 'string' ? nextPageId : null,
    };
  } catch {
    return undefined;
  }
}

/** Keeps the first page the server gave, as a list row shows it. */
export function keepList(serverUrl: string, page: Page<unknown>, savedAt = Date.now()): void {
  const kept: KeptList = {
    savedAt,
    items: page.items.flatMap((item) => listedInfo(item) ?? []),
    nextPageId: page.next_page_id ?? null,
  };
  try {
    localStorage.setItem(PREFIX + serverUrl, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the next visit waits for the server, as without a copy.
  }
}

/** Every kept list goes (the copy is cleared). */
export function forgetKeptLists(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index) ?? '');
    for (const key of keys) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Nothing kept, or no storage.
  }
}
