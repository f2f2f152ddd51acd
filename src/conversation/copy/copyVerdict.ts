import { isRecord } from '../../agent-server/protocol';

// Whether the browser's copy of a conversation still fits what the server holds, judged when the
// server's newest history page arrives. The copy's events never change on the server (events are
// immutable), so the one question is whether the server's log still runs through the copy's
// newest event:
// - it is on the newest page: the copy joins the page, and everything older is still good;
// - the page is full and all of it is newer: more than a page came since, and the copy would
//   leave a hole under the page. It is dropped and written again from what the server sends;
// - otherwise the server does not hold it: the server was reset, or the conversation is not
//   the one copied. The copy is dropped.
// A conversation deleted on the server answers 404 before any page: that is judged elsewhere.

export type CopyVerdict = 'joins' | 'behind' | 'unknown to the server';

export interface CopyEdge {
  id: string;
  timestamp: string | undefined;
}

export function judgeCopy(
  copyNewest: CopyEdge,
  newestPage: readonly unknown[],
  pageIsFull: boolean,
): CopyVerdict {
  let oldest: string | undefined;
  for (const item of newestPage) {
    if (!isRecord(item)) continue;
    if (item.id === copyNewest.id) return 'joins';
    if (typeof item.timestamp === 'string') oldest = item.timestamp;
  }
  if (
    pageIsFull &&
    oldest !== undefined &&
    copyNewest.timestamp !== undefined &&
    copyNewest.timestamp < oldest
  )
    return 'behind';
  return 'unknown to the server';
}

/** Events in the server's log order: by timestamp, the order given for equal ones. */
export function inLogOrder<T extends { timestamp?: string }>(events: Iterable<T>): T[] {
  return [...events].sort((a, b) =>
    (a.timestamp ?? '') < (b.timestamp ?? '') ? -1 : (a.timestamp ?? '') > (b.timestamp ?? '') ? 1 : 0,
  );
}
