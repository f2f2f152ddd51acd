import { isRecord, type Page } from '../../agent-server/protocol';

// Reading far back (find going to a match, a search result, Jump to start) takes many pages, and
// the server gives at most 100 events a page. Handing each page to the screen as it comes costs a
// redraw of the whole transcript per page; here pages are read back to back and handed over
// together, once the page wanted is in, or now and then so that a long read shows it is moving.

/** How often a long read hands over what it has, so Jump to start shows its progress. */
export const HAND_OVER_EVERY_MS = 400;

export interface OlderPagesRead {
  /** The cursor of the first page to read (the last page held says it). */
  from: string;
  /** One page by its cursor. */
  read: (cursor: string) => Promise<Page<unknown>>;
  /** Stop at the page that holds this event; without it, read to the beginning. */
  until?: string;
  /**
   * Takes pages read since the last hand-over, each with the cursor it was read with. Returns
   * false when what is held no longer ends where these pages begin (another read got there
   * first, or the history was read again): the read stops.
   */
  handOver: (pages: Page<unknown>[], cursors: string[]) => boolean;
  /** False once nobody waits for the read (the conversation was closed). */
  wanted?: () => boolean;
  now?: () => number;
  handOverEveryMs?: number;
}

/**
 * Reads older pages until the one holding `until` (or the oldest) is in. A page that fails to
 * read ends the read after what came before it is handed over; the error is rethrown.
 */
export async function readOlderPages({
  from,
  read,
  until,
  handOver,
  wanted = () => true,
  now = () => performance.now(),
  handOverEveryMs = HAND_OVER_EVERY_MS,
}: OlderPagesRead): Promise<void> {
  let cursor: string | undefined = from;
  let pages: Page<unknown>[] = [];
  let cursors: string[] = [];
  let lastHandOver = now();
  const flush = () => {
    const taken = pages.length === 0 || handOver(pages, cursors);
    pages = [];
    cursors = [];
    lastHandOver = now();
    return taken;
  };
  while (cursor && wanted()) {
    let page: Page<unknown>;
    try {
      page = await read(cursor);
    } catch (error) {
      if (wanted()) flush();
      throw error;
    }
    if (!wanted()) return;
    pages.push(page);
    cursors.push(cursor);
    cursor = page.next_page_id || undefined;
    const found = until !== undefined && pageHolds(page, until);
    if (found || !cursor || now() - lastHandOver >= handOverEveryMs) {
      if (!flush() || found) return;
    }
  }
}

/** Whether a page of history holds the event. */
export function pageHolds(page: Page<unknown>, eventId: string): boolean {
  return (Array.isArray(page?.items) ? page.items : []).some((item) => isRecord(item) && item.id === eventId);
}
