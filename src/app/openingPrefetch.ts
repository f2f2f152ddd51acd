import type { QueryClient } from '@tanstack/react-query';
import { readConnectionSettings } from '../agent-server/settings';
import { eventHistoryQuery } from '../conversation/resources/events';

// Opening a conversation by its address waits on its newest history page, and the page does not
// wait on React: it is asked for before the app's first render, into the cache the view reads.
// (Only the page: the info is re-read when the view mounts anyway, as it may change any time.)

const CONVERSATION_PATH = /^\/conversations\/([^/]+)\/?$/;

export function prefetchOpenedConversation(queryClient: QueryClient, pathname: string): void {
  const match = CONVERSATION_PATH.exec(pathname);
  if (!match) return;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return; // A malformed address: the view says so.
  }
  void queryClient.prefetchInfiniteQuery(eventHistoryQuery(readConnectionSettings(), id));
}
