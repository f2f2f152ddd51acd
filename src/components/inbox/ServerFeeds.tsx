import { useCallback, useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationInfo } from '../../agent-server/protocol';
import type { AgentServer } from '../../agent-server/servers';
import {
  conversationListQuery,
  isListFromCopy,
  listRefreshMs,
} from '../../conversation/resources/conversations';
import { isKeptListPage, keepListPage, paintKeptList } from '../../conversation/resources/keptListPaint';

// Each server's list is its own infinite query, paged and refreshed on its own; the inbox reads
// them all. A query per server needs a component per server (hooks cannot be called in a loop),
// so each server has an invisible source that hands its feed up.

export interface ServerFeed {
  readonly items: readonly ConversationInfo[];
  /** No page has come yet, and no failure either. */
  readonly pending: boolean;
  /** Why the last read failed (its rows read before stay), or nothing. */
  readonly error: unknown;
  /** The rows are the list as this browser last read it (ms since the epoch), not yet the server's. */
  readonly keptAt: number | undefined;
  readonly hasNextPage: boolean;
  readonly fetchingNextPage: boolean;
  readonly fetchNextPage: () => void;
  readonly retry: () => void;
}

export function ServerFeedSource({
  server,
  openId,
  onFeed,
}: {
  server: AgentServer;
  /** The conversation open from this server, if any: its session follows it live. */
  openId: string | undefined;
  onFeed: (serverId: string, feed: ServerFeed) => void;
}) {
  const queryClient = useQueryClient();
  // Before the query is first read: a server that has not answered yet lists what it listed last.
  useState(() => paintKeptList(queryClient, server));
  const list = useInfiniteQuery({
    ...conversationListQuery(server),
    refetchInterval: (query) => listRefreshMs(server, query.state.data, openId),
    // A hidden tab reads on too, at the same pace: how else would it tell a person away that a
    // run on one of the servers ended, failed or waits for them?
    refetchIntervalInBackground: true,
  });
  const { data, isPending, error, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = list;
  const items = useMemo(
    () => data?.pages.flatMap((page) => (Array.isArray(page.items) ? page.items : [])) ?? [],
    [data],
  );
  // A list read from the browser's copy stands for a server that could not be reached.
  const fromCopy = isListFromCopy(data?.pages[0]);
  const keptAt = isKeptListPage(data?.pages[0]) ? data.pages[0].keptAt : undefined;
  const feed = useMemo<ServerFeed>(
    () => ({
      items,
      pending: isPending && !error,
      error: error ?? (fromCopy ? new Error('unreachable') : null),
      keptAt,
      hasNextPage,
      fetchingNextPage: isFetchingNextPage,
      fetchNextPage: () => void fetchNextPage(),
      retry: () => void refetch(),
    }),
    [items, isPending, error, fromCopy, keptAt, hasNextPage, isFetchingNextPage, fetchNextPage, refetch],
  );
  useEffect(() => {
    onFeed(server.id, feed);
  }, [onFeed, server.id, feed]);
  const firstPage = data?.pages[0];
  useEffect(() => keepListPage(server, firstPage), [server, firstPage]);
  return null;
}

/** The feeds of the servers listed, by server id (a removed server's feed goes with it). */
export function useServerFeeds(servers: readonly AgentServer[]) {
  const [feeds, setFeeds] = useState<ReadonlyMap<string, ServerFeed>>(() => new Map());
  const onFeed = useCallback(
    (serverId: string, feed: ServerFeed) =>
      setFeeds((before) => (before.get(serverId) === feed ? before : new Map(before).set(serverId, feed))),
    [],
  );
  const current = useMemo(() => {
    const kept = new Map<string, ServerFeed>();
    for (const server of servers) {
      const feed = feeds.get(server.id);
      if (feed) kept.set(server.id, feed);
    }
    return kept;
  }, [feeds, servers]);
  return { feeds: current, onFeed };
}

/**
 * A server slow to give its first page holds the inbox back only this long; after it, the rows of
 * the servers that answered show, and its rows join when they come.
 */
export const FIRST_PAGE_PATIENCE_MS = 3_000;

export function usePatienceSpent(ms = FIRST_PAGE_PATIENCE_MS): boolean {
  const [spent, setSpent] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSpent(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return spent;
}
