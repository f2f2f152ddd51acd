import type { QueryClient } from '@tanstack/react-query';
import { readDefaultServer, readServers } from '../agent-server/servers';
import { conversationController } from '../conversation/controller/controllers';
import type { ConversationController } from '../conversation/controller/conversationController';
import { conversationListQuery } from '../conversation/resources/conversations';
import { parseConversationPath } from '../components/conversationPath';
import { firstIdle } from '../components/useIdleReached';

// Opening a conversation by its address waits on nothing React does: the conversation's
// controller is made before the app's first render, paints the browser's copy into its log at
// once (it needs no server, and no mock), and asks for the newest history page as soon as there
// is a server to ask. The view finds the same controller when it mounts.

/** The controller of the conversation the address opens, if it names one of a known server. */
export function openedConversationController(
  queryClient: QueryClient,
  pathname: string,
): ConversationController | undefined {
  const opened = openedConversation(pathname);
  return opened
    ? conversationController({
        settings: opened.server,
        conversationId: opened.conversationId,
        queryClient,
        whenIdle: firstIdle,
      })
    : undefined;
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
