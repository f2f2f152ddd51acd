import type { QueryClient } from '@tanstack/react-query';
import type { ConversationInfo } from '../agent-server/protocol';
import type { ConnectionSettings } from '../agent-server/servers';
import { firstUserMessageQuery } from '../conversation/resources/events';
import { conversationTitle } from './conversationWords';

/** A conversation's title as the list shows it: the server's, else its first message once read. */
export function shownTitle(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  conversation: ConversationInfo,
) {
  return conversationTitle(
    conversation.title,
    queryClient.getQueryData<string>(firstUserMessageQuery(settings, conversation.id).queryKey),
  );
}
