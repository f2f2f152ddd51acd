import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  agentServerClients,
  httpStatus,
  searchEventPage,
  type AgentServerClients,
} from '../../agent-server/client';
import { contentText, isRecord, type Page } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import { serverKey } from './server';
import { browserCopy } from '../copy/browserCopy';

// A conversation's persisted events. They never change once persisted, so nothing here is ever
// invalidated: new events reach the event log through the live session, not through refetches.
// Their keys live apart from the conversation's info, so re-reading a title never re-reads pages.

export const EVENTS_PAGE_SIZE = 100;

/**
 * An older page read from the browser's copy is bigger: it costs no request, and what holds back
 * reading far back (find going to a match, Jump to start) is the draw after each page.
 */
export const COPY_PAGE_SIZE = 500;

export const eventsKey = (settings: ConnectionSettings, id: string) =>
  [...serverKey(settings), 'events', id] as const;

/** A newest page read from the browser's copy because the server could not be reached. */
export type HistoryPageFromCopy = Page<unknown> & { fromCopy: { savedAt: number } };

export const isFromCopy = (page: unknown): page is HistoryPageFromCopy =>
  isRecord(page) && isRecord(page.fromCopy);

/** History, newest page first; each next page is older (see readHistoryPage). */
export const eventHistoryQuery = (settings: ConnectionSettings, id: string) =>
  infiniteQueryOptions({
    queryKey: [...eventsKey(settings, id), 'history'],
    queryFn: ({ pageParam }) => readHistoryPage(settings, id, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_page_id || undefined,
    staleTime: Infinity,
  });

/**
 * One page of history: the newest (`pageParam` empty) or the one a cursor starts. Older pages
 * come from the browser's copy when it holds them; the newest comes from the server, or from the
 * copy when the server cannot be reached at all.
 */
export async function readHistoryPage(
  settings: ConnectionSettings,
  id: string,
  pageParam: string,
): Promise<Page<unknown>> {
  if (pageParam) {
    const copied = await (await browserCopy())?.page(settings.serverUrl, id, pageParam, COPY_PAGE_SIZE);
    if (copied) return copied;
  }
  try {
    return await searchEventPage(agentServerClients(settings).conversations, id, {
      limit: EVENTS_PAGE_SIZE,
      sort_order: 'TIMESTAMP_DESC',
      ...(pageParam ? { page_id: pageParam } : {}),
    });
  } catch (error) {
    // An answer, even an error, is the server's word; only silence falls back to the copy.
    const copied =
      !pageParam && httpStatus(error) === undefined ? await newestFromCopy(settings, id) : undefined;
    if (copied) return copied;
    throw error;
  }
}

async function newestFromCopy(
  settings: ConnectionSettings,
  id: string,
): Promise<HistoryPageFromCopy | undefined> {
  const copy = await browserCopy();
  const held = await copy?.read(settings.serverUrl, id);
  const page = held && (await copy?.page(settings.serverUrl, id, held.highId, EVENTS_PAGE_SIZE));
  return held && page ? { ...page, fromCopy: { savedAt: held.savedAt } } : undefined;
}

/**
 * The first thing the user asked: the title of a conversation the server has not titled. Read
 * once per browser: it never changes once it exists (keptFirstAsked.ts, loaded with the first
 * read rather than with the first screen).
 */
export const firstUserMessageQuery = (settings: ConnectionSettings, id: string) =>
  queryOptions({
    queryKey: [...eventsKey(settings, id), 'first-user-message'],
    queryFn: async () => {
      const kept = await import('../copy/keptFirstAsked');
      const line = kept.keptFirstAsked(settings.serverUrl, id);
      if (line) return line;
      const page = await searchEventPage(agentServerClients(settings).conversations, id, {
        kind: 'MessageEvent',
        source: 'user',
        limit: 1,
      });
      const first: unknown = page.items[0];
      const text =
        isRecord(first) && isRecord(first.llm_message) ? contentText(first.llm_message.content) : '';
      kept.keepFirstAsked(settings.serverUrl, id, text);
      return text;
    },
    staleTime: Infinity,
  });

// ---- reads and writes of the live session, outside the query cache ----------------------------

type Conversations = AgentServerClients['conversations'];

/** A user message, run at once (the REST way; the socket takes the same frame). */
export async function sendUserMessage(conversations: Conversations, id: string, content: object[]) {
  await conversations.sendEvent(id, { role: 'user', content } as never, { run: true });
}

export const LOG_ORDER_PAGE = 100;

/**
 * Every event from a start on, in log order, page by page: after an event held (page_id is
 * inclusive) or since a timestamp. Stops early when `current` says the read is no longer wanted.
 */
export async function readEventsInLogOrder(
  conversations: Conversations,
  id: string,
  start: { afterEventId?: string; sinceTimestamp?: string },
  receive: (item: unknown) => void,
  current: () => boolean = () => true,
): Promise<void> {
  let pageId = start.afterEventId;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = await searchEventPage(conversations, id, {
      limit: LOG_ORDER_PAGE,
      sort_order: 'TIMESTAMP',
      ...(start.sinceTimestamp ? { timestamp__gte: start.sinceTimestamp } : {}),
      ...(pageId ? { page_id: pageId } : {}),
    });
    if (!current()) return;
    for (const item of page.items) receive(item);
    if (!page.next_page_id) return;
    pageId = page.next_page_id;
  }
}

/** A few of the newest events since a timestamp: enough to tell whether a silent socket missed any. */
export async function newestEventsSince(
  conversations: Conversations,
  id: string,
  since: string | undefined,
): Promise<unknown[]> {
  const page = await searchEventPage(conversations, id, {
    limit: 5,
    ...(since ? { timestamp__gte: since } : {}),
  });
  return page.items;
}

/**
 * The messages matching `body` that the server holds and are not loaded yet, newest first, by id
 * (the server's body search looks at message text and reasoning only). Reads at most `limit`
 * hits, from the newest: the nearest ones above what is loaded.
 */
export async function olderMessageMatches(
  conversations: Conversations,
  id: string,
  body: string,
  loaded: (eventId: string) => boolean,
  limit = 100,
): Promise<string[]> {
  const page = await searchEventPage(conversations, id, { body, limit, sort_order: 'TIMESTAMP_DESC' });
  return page.items.flatMap((item) =>
    isRecord(item) && typeof item.id === 'string' && !loaded(item.id) ? [item.id] : [],
  );
}
