import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { agentServerClients } from '../../agent-server/client';
import { contentText, isRecord, type Page } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/settings';
import { serverKey } from './server';

// A conversation's persisted events. They never change once persisted, so nothing here is ever
// invalidated: new events reach the event log through the live session, not through refetches.
// Their keys live apart from the conversation's info, so re-reading a title never re-reads pages.

export const EVENTS_PAGE_SIZE = 100;

export const eventsKey = (settings: ConnectionSettings, id: string) =>
  [...serverKey(settings), 'events', id] as const;

/** History, newest page first; each next page is older. */
export const eventHistoryQuery = (settings: ConnectionSettings, id: string) =>
  infiniteQueryOptions({
    queryKey: [...eventsKey(settings, id), 'history'],
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

/** The first thing the user asked: the title of a conversation the server has not titled. */
export const firstUserMessageQuery = (settings: ConnectionSettings, id: string) =>
  queryOptions({
    queryKey: [...eventsKey(settings, id), 'first-user-message'],
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
