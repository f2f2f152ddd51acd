import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ConversationClient } from '@openhands/typescript-client/clients';
import { agentServerClients, checkHealth } from '../agent-server/client';
import { contentText, isRecord, type ConversationInfo, type Page } from '../agent-server/protocol';
import type { ConnectionSettings } from '../agent-server/settings';

// Query keys go from general to specific: server, then conversation, then what of it.

export const CONVERSATIONS_PAGE_SIZE = 20;
export const EVENTS_PAGE_SIZE = 100;

const serverKey = (settings: ConnectionSettings) =>
  ['agent-server', settings.serverUrl, settings.sessionApiKey] as const;

export const healthQuery = (settings: ConnectionSettings) =>
  queryOptions({
    queryKey: [...serverKey(settings), 'health'],
    queryFn: () => checkHealth(agentServerClients(settings)),
    refetchInterval: 30_000,
  });

export const conversationsKey = (settings: ConnectionSettings) =>
  [...serverKey(settings), 'conversations'] as const;

export const conversationListQuery = (settings: ConnectionSettings) =>
  infiniteQueryOptions({
    queryKey: [...conversationsKey(settings), 'list'],
    queryFn: async ({ pageParam }) => {
      const request = {
        limit: CONVERSATIONS_PAGE_SIZE,
        sort_order: 'UPDATED_AT_DESC',
        ...(pageParam ? { page_id: pageParam } : {}),
      } as unknown as Parameters<ConversationClient['searchConversations']>[0];
      return (await agentServerClients(settings).conversations.searchConversations(
        request,
      )) as unknown as Page<ConversationInfo>;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_page_id || undefined,
  });

export const conversationQuery = (settings: ConnectionSettings, id: string) =>
  queryOptions({
    queryKey: [...conversationsKey(settings), 'one', id],
    queryFn: async () =>
      (await agentServerClients(settings).conversations.getConversation(id)) as unknown as ConversationInfo,
  });

/** The first thing the user asked: the title of a conversation the server has not titled. */
export const firstUserMessageQuery = (settings: ConnectionSettings, id: string) =>
  queryOptions({
    queryKey: [...conversationsKey(settings), 'one', id, 'first-user-message'],
    queryFn: async () => {
      const page = await agentServerClients(settings).conversations.searchEvents(id, {
        kind: 'MessageEvent',
        source: 'user',
        limit: 1,
      });
      const first: unknown = page.items[0];
      return isRecord(first) && isRecord(first.llm_message) ? contentText(first.llm_message.content) : '';
    },
    staleTime: Infinity,
  });

/** History, newest page first; each next page is older. Persisted events never change. */
export const eventHistoryQuery = (settings: ConnectionSettings, id: string) =>
  infiniteQueryOptions({
    queryKey: [...conversationsKey(settings), 'one', id, 'events'],
    queryFn: async ({ pageParam }) => {
      const page = await agentServerClients(settings).conversations.searchEvents(id, {
        limit: EVENTS_PAGE_SIZE,
        sort_order: 'TIMESTAMP_DESC',
        ...(pageParam ? { page_id: pageParam } : {}),
      });
      return page as unknown as Page<unknown>;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_page_id || undefined,
    staleTime: Infinity,
  });
