import type { QueryClient } from '@tanstack/react-query';
import { readDefaultServer, readServers } from '../agent-server/servers';
import { eventHistoryQuery } from '../conversation/resources/events';
import { paintCopyEarly } from '../conversation/copy/earlyCopy';
import { conversationListQuery } from '../conversation/resources/conversations';
import { parseConversationPath } from '../components/servers/conversationPath';

// Opening a conversation by its address waits on its newest history page, and the page does not
// wait on React: it is asked for before the app's first render, into the cache the view reads.
// (Only the page: the info is re-read when the view mounts anyway, as it may change any time.)

/** Settles once the page is in (or could not be read); at once when the address opens none. */
export function prefetchOpenedConversation(queryClient: QueryClient, pathname: string): Promise<void> {
  const opened = openedConversation(pathname);
  return opened
    ? queryClient.prefetchInfiniteQuery(eventHistoryQuery(opened.server, opened.conversationId))
    : Promise.resolve();
}

/**
 * The browser's copy of the conversation the address opens, painted into its log before anything
 * else: it needs no server (and no mock), so it is read even before the mock starts.
 */
export function paintOpenedConversationFromCopy(pathname: string): void {
  const opened = openedConversation(pathname);
  if (opened) paintCopyEarly(opened.server.serverUrl, opened.conversationId);
}

function openedConversation(pathname: string) {
  const address = parseConversationPath(pathname);
  if (!address) return undefined;
  const server =
    address.serverId === undefined
      ? readDefaultServer()
      : readServers().find((known) => known.id === address.serverId);
  // A server this browser does not know: the view says so, and nothing is asked of anyone.
  return server ? { server, conversationId: address.conversationId } : undefined;
}

/**
 * Every server's first page of conversations, asked for before the first render: the inbox's
 * code loads only once the first screen is drawn, and its data should be waiting for it.
 */
export function prefetchInbox(queryClient: QueryClient): void {
  for (const server of readServers()) void queryClient.prefetchInfiniteQuery(conversationListQuery(server));
}
