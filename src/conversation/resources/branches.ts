import type { QueryClient } from '@tanstack/react-query';
import { agentServerClients } from '../../agent-server/client';
import type { ConversationInfo } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import { conversationKey, conversationListKey } from './conversations';

// The routes of the conversation tree: move HEAD within a conversation, or copy a branch into a
// new one. Both answer with a conversation's info.

/** `POST /navigate`: HEAD to an event (the next message grows a branch from there). */
export async function moveHead(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
  eventId: string,
): Promise<ConversationInfo> {
  const info = await agentServerClients(settings).conversations.navigateConversation<ConversationInfo>(id, {
    event_id: eventId,
  });
  queryClient.setQueryData(conversationKey(settings, id), info);
  return info;
}

/** `POST /fork`: a new conversation holding the branch up to an event, HEAD there. */
export async function forkAt(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
  eventId: string,
  title: string,
): Promise<ConversationInfo> {
  // The client's request type predates `from_event_id`; the server takes it (1.57 and 1.58).
  const request = { from_event_id: eventId, title: title.slice(0, 200) };
  const info = await agentServerClients(settings).conversations.forkConversation<ConversationInfo>(
    id,
    request as never,
  );
  queryClient.setQueryData(conversationKey(settings, info.id), info);
  void queryClient.invalidateQueries({ queryKey: conversationListKey(settings) });
  return info;
}
