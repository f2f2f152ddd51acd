import type { QueryClient } from '@tanstack/react-query';
import { asConversationInfo, isRecord, type ConversationInfo, type Page } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import { keepList, keptList } from '../copy/keptList';
import { conversationListKey, isListFromCopy, type ListData } from './conversations';

// The inbox painted from the list this browser kept, and the list kept from each read. Loaded
// with the inbox: the list cannot be drawn before its code is here, so neither is needed sooner.

/** The server's first page as this browser last read it, painted while the server is asked. */
export type KeptListPage = Page<ConversationInfo> & { keptAt: number };

export const isKeptListPage = (page: unknown): page is KeptListPage =>
  isRecord(page) && typeof page.keptAt === 'number';

/**
 * The list as this browser last read it, in the query's cache when nothing has come yet: the
 * inbox paints it at once and says it is checking. The data is stale from the start, so the read
 * asked for before the first render, or the inbox's own, replaces it with the server's page.
 */
export function paintKeptList(queryClient: QueryClient, settings: ConnectionSettings): void {
  const kept = keptList(settings.serverUrl);
  if (!kept || queryClient.getQueryData(conversationListKey(settings))) return;
  const page: KeptListPage = {
    items: kept.items.map(asConversationInfo),
    next_page_id: kept.nextPageId,
    keptAt: kept.savedAt,
  };
  queryClient.setQueryData<ListData>(
    conversationListKey(settings),
    { pages: [page], pageParams: [''] },
    { updatedAt: 0 },
  );
}

/** Keeps the server's own first page for the next visit (not one painted from the copy). */
export function keepListPage(settings: ConnectionSettings, page: Page<ConversationInfo> | undefined): void {
  if (page && !isKeptListPage(page) && !isListFromCopy(page)) keepList(settings.serverUrl, page);
}
