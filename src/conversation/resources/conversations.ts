import { noteServerTrouble } from '../../agent-server/serverTrouble';
import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ConversationClient } from '@openhands/typescript-client/clients';
import { agentServerClients, httpStatus, type AgentServerClients } from '../../agent-server/client';
import {
  asConversationInfo,
  isRecord,
  type ConversationInfo,
  type ExecutionStatus,
  type Page,
} from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import { serverKey } from './server';
import { browserCopy } from '../copy/browserCopy';
import { FailureStreaks, nextReadMs } from '../inbox/serverBackoff';
import { listReadMs } from '../inbox/listReadRule';

// Conversations: the list, one conversation's info, and the writes to them. Each write updates
// exactly the cached data it changed; history pages are never touched from here.

export const CONVERSATIONS_PAGE_SIZE = 20;

export type ListData = InfiniteData<Page<ConversationInfo>, string>;

const conversationsKey = (settings: ConnectionSettings) => [...serverKey(settings), 'conversations'] as const;
export const conversationListKey = (settings: ConnectionSettings) =>
  [...conversationsKey(settings), 'list'] as const;
export const conversationKey = (settings: ConnectionSettings, id: string) =>
  [...conversationsKey(settings), 'one', id] as const;

/** Each server's list reads that failed in a row: a server that is down is read ever less often. */
const listFailures = new FailureStreaks();
const serverName = (settings: ConnectionSettings) => JSON.stringify(serverKey(settings));

export const conversationListQuery = (settings: ConnectionSettings) =>
  infiniteQueryOptions({
    queryKey: conversationListKey(settings),
    queryFn: async ({ pageParam }) => {
      try {
        return await listFailures.track(serverName(settings), () =>
          readListPage(settings, CONVERSATIONS_PAGE_SIZE, pageParam),
        );
      } catch (error) {
        const status = httpStatus(error);
        if (status === undefined || status >= 500) noteServerTrouble(settings.serverUrl);
        // The server cannot be reached at all: the conversations this browser keeps a copy of.
        const copied =
          !pageParam && httpStatus(error) === undefined ? await listedFromCopy(settings) : undefined;
        if (copied) return copied;
        throw error;
      }
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_page_id || undefined,
    // Not retried within a read: the next read comes after the back-off (listRefreshMs).
    retry: false,
    // The first page is asked for before the first render and the inbox mounts a moment later:
    // that is not a reason to read it twice. (Invalidations and the interval read it anyway.)
    staleTime: 10_000,
  });

/**
 * One page of a server's conversations, newest change first. A row the server sent that is no
 * conversation is left out; the rest are drawn.
 */
export async function readListPage(
  settings: ConnectionSettings,
  limit: number,
  pageId: string | undefined,
): Promise<Page<ConversationInfo>> {
  const request = {
    limit,
    sort_order: 'UPDATED_AT_DESC',
    ...(pageId ? { page_id: pageId } : {}),
  } as unknown as Parameters<ConversationClient['searchConversations']>[0];
  const page = (await agentServerClients(settings).conversations.searchConversations(
    request,
  )) as unknown as Page<unknown>;
  return {
    ...page,
    items: (Array.isArray(page.items) ? page.items : []).flatMap((item) => {
      try {
        return [asConversationInfo(item)];
      } catch {
        return [];
      }
    }),
  };
}

/** A list page read from the browser's copy: its conversations as they were when last read. */
export type ListPageFromCopy = Page<ConversationInfo> & { fromCopy: true };

export const isListFromCopy = (page: unknown): page is ListPageFromCopy =>
  isRecord(page) && page.fromCopy === true;

/** With the server out of reach: what this browser can list of it (EventCopy.listed). */
async function listedFromCopy(settings: ConnectionSettings): Promise<ListPageFromCopy | undefined> {
  const items = ((await (await browserCopy())?.listed(settings.serverUrl)) ?? []).map(asConversationInfo);
  return items.length ? { items, next_page_id: null, fromCopy: true } : undefined;
}

/**
 * How often a server's list is read again so every conversation's status stays current without
 * a reload (listReadRule.ts), and later and later while the server fails.
 */
export function listRefreshMs(
  settings: ConnectionSettings,
  data: ListData | undefined,
  openId: string | undefined,
): number {
  const listed = data?.pages.flatMap((page) => page.items) ?? [];
  return nextReadMs(listFailures.of(serverName(settings)), listReadMs(listed, openId, Date.now()));
}

/** The conversation as the list last read it: stands in for the info until that is read. */
export function listedConversation(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
): ConversationInfo | undefined {
  const list = queryClient.getQueryData<ListData>(conversationListKey(settings));
  for (const page of list?.pages ?? []) {
    const found = page.items.find((info) => info.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * When an untitled conversation is read again. The server names a new conversation in the
 * background, with an LLM call of its own that starts at the first message, and announces the
 * name nowhere (no frame, no event): a short run can settle, or end before the conversation is
 * opened, before the name is saved. So a conversation this browser started, or saw a run of
 * settle, is watched for its name (watchForTitle); past the last delay the list's reads bring it.
 * One that was never watched is not read again: an old untitled one will not be named any more.
 */
export const UNTITLED_READ_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000];

/** The conversations watched for their name (by query key): how many reads found none since. */
const untitledReads = new Map<string, number>();

export function watchForTitle(settings: ConnectionSettings, id: string): void {
  untitledReads.set(JSON.stringify(conversationKey(settings, id)), 0);
}

export function untitledReadMs(
  info: ConversationInfo | undefined,
  readsUntitled: number | undefined,
  delays: readonly number[] = UNTITLED_READ_DELAYS_MS,
): number | false {
  if (readsUntitled === undefined || !info || info.title?.trim()) return false;
  return delays[readsUntitled] ?? false;
}

export const conversationQuery = (
  settings: ConnectionSettings,
  id: string,
  delays: readonly number[] = UNTITLED_READ_DELAYS_MS,
) => {
  const name = JSON.stringify(conversationKey(settings, id));
  return queryOptions({
    queryKey: conversationKey(settings, id),
    queryFn: async ({ client }) => {
      const info =
        (await infoFromListBeingRead(client, settings, id)) ??
        asConversationInfo(await agentServerClients(settings).conversations.getConversation(id));
      const watched = untitledReads.get(name);
      if (watched !== undefined && !info.title?.trim()) untitledReads.set(name, watched + 1);
      else if (untitledReads.delete(name)) patchListEntry(client, settings, id, { title: info.title });
      return info;
    },
    refetchInterval: (query) => untitledReadMs(query.state.data, untitledReads.get(name), delays),
  });
};

/**
 * A conversation's info from the list's first page, when that page is being read as the info is
 * asked for (a page load asks for every server's list before its first render): each item of the
 * list is the ConversationInfo that `GET /api/conversations/{id}` answers, so the same bytes are
 * not read twice (about 3 kB a conversation on 1.58.2). Undefined when no list read is under
 * way, it failed or came from this browser's copy, or the conversation is not on the first page.
 */
async function infoFromListBeingRead(
  client: QueryClient,
  settings: ConnectionSettings,
  id: string,
): Promise<ConversationInfo | undefined> {
  if (client.getQueryState(conversationListKey(settings))?.fetchStatus !== 'fetching') return undefined;
  try {
    // A query being read hands out the read under way rather than starting another; as stale,
    // it never answers with what it held before that read.
    const list = await client.fetchInfiniteQuery({ ...conversationListQuery(settings), staleTime: 0 });
    const first = list.pages[0];
    return first && !isListFromCopy(first) ? first.items.find((info) => info.id === id) : undefined;
  } catch {
    return undefined;
  }
}

// ---- the live session's news, each with the narrow cache update it calls for ----------------
// (the writes a person makes are in conversationWrites.ts, loaded with the parts that make them)

/** The live session learnt a new status: the list and the header say the same at once. */
export function conversationStatusChanged(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
  status: ExecutionStatus,
): void {
  patchConversation(queryClient, settings, id, { execution_status: status });
}

/**
 * A run ended: the server may have titled the conversation and moved its updated_at. One read
 * of that conversation, copied into its list entry; nothing else is read again, but an untitled
 * conversation is watched for its name (untitledReadMs).
 */
export async function conversationRunSettled(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
): Promise<void> {
  watchForTitle(settings, id);
  await queryClient.invalidateQueries({ queryKey: conversationKey(settings, id), exact: true });
  const info = queryClient.getQueryData<ConversationInfo>(conversationKey(settings, id));
  if (info) patchListEntry(queryClient, settings, id, info);
}

export function patchConversation(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
  patch: Partial<ConversationInfo>,
): void {
  queryClient.setQueryData<ConversationInfo>(conversationKey(settings, id), (info) =>
    info ? { ...info, ...patch } : info,
  );
  patchListEntry(queryClient, settings, id, patch);
}

export function patchListEntry(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
  patch: Partial<ConversationInfo>,
): void {
  queryClient.setQueryData<ListData>(conversationListKey(settings), (list) =>
    list
      ? {
          ...list,
          pages: list.pages.map((page) => ({
            ...page,
            items: page.items.map((c) => (c.id === id ? { ...c, ...patch } : c)),
          })),
        }
      : list,
  );
}

// ---- commands of the live session (no cache to update: their effects come over the socket) ----

type Conversations = AgentServerClients['conversations'];

export async function readConversation(conversations: Conversations, id: string): Promise<ConversationInfo> {
  return asConversationInfo(await conversations.getConversation(id));
}

/** Stop at once: interrupt cancels even an LLM call in flight; servers without it only pause. */
export async function stopRun(conversations: Conversations, id: string): Promise<void> {
  try {
    await conversations.interruptConversation(id);
  } catch (error) {
    if (httpStatus(error) !== 404 && httpStatus(error) !== 405) throw error;
    await conversations.pauseConversation(id);
  }
}

/** Runs a stopped agent again; one already running (409) is what was asked for. */
export async function continueRun(conversations: Conversations, id: string): Promise<void> {
  try {
    await conversations.runConversation(id);
  } catch (error) {
    if (httpStatus(error) !== 409) throw error;
  }
}

export async function answerConfirmation(
  conversations: Conversations,
  id: string,
  accept: boolean,
  reason?: string,
): Promise<void> {
  // Without a reason of the person's, the server's own words ("User rejected the action.").
  await conversations.respondToConfirmation(id, {
    accept,
    ...(!accept && reason?.trim() ? { reason: reason.trim() } : {}),
  });
}
