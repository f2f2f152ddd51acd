import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ConversationClient } from '@openhands/typescript-client/clients';
import { agentServerClients } from '../../agent-server/client';
import { asConversationInfo, type ConversationInfo, type Page } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import { FailureStreaks, nextReadMs } from '../inbox/serverBackoff';
import { listReadMs } from '../inbox/listReadRule';
import { serverKey } from './server';
import { conversationListKey, type ListData } from './conversations';

// Every conversation of a server, for the board: the list read whole, in pages of the most the
// server gives (100), newest change first. Read again as the inbox is (soon while something may
// run unwatched, once a minute otherwise, ever later while the server fails), so a board of
// hundreds of cards costs a few requests a minute per server and opens no socket.

/** The most one page holds (the server's own limit). */
export const BOARD_PAGE_SIZE = 100;
/** Pages read at most: past them a server's oldest conversations are left off the board. */
export const BOARD_PAGES = 10;

export interface BoardList {
  readonly items: readonly ConversationInfo[];
  /** The server has more than the board read. */
  readonly cut: boolean;
}

export const boardListKey = (settings: ConnectionSettings) => [...serverKey(settings), 'board'] as const;
const failures = new FailureStreaks();

export const boardListQuery = (settings: ConnectionSettings, queryClient: QueryClient) =>
  queryOptions({
    queryKey: boardListKey(settings),
    queryFn: () =>
      failures.track(JSON.stringify(serverKey(settings)), async (): Promise<BoardList> => {
        const items: ConversationInfo[] = [];
        let pageId: string | undefined;
        for (let page = 0; page < BOARD_PAGES; page++) {
          const request = {
            limit: BOARD_PAGE_SIZE,
            sort_order: 'UPDATED_AT_DESC',
            ...(pageId ? { page_id: pageId } : {}),
          } as unknown as Parameters<ConversationClient['searchConversations']>[0];
          const read = (await agentServerClients(settings).conversations.searchConversations(
            request,
          )) as unknown as Page<unknown>;
          for (const item of Array.isArray(read.items) ? read.items : []) {
            try {
              items.push(asConversationInfo(item));
            } catch {
              // A row that is no conversation is left out, as in the inbox.
            }
          }
          pageId = read.next_page_id ?? undefined;
          if (!pageId) return { items, cut: false };
        }
        return { items, cut: true };
      }),
    // Until the whole list is read, the inbox's first page (itself painted from the list this
    // browser kept) stands in for it: the board paints at once.
    placeholderData: () => {
      const inbox = queryClient.getQueryData<ListData>(conversationListKey(settings));
      const items = inbox?.pages.flatMap((page) => page.items) ?? [];
      return items.length ? { items, cut: true } : undefined;
    },
    refetchInterval: (query) =>
      nextReadMs(
        failures.of(JSON.stringify(serverKey(settings))),
        listReadMs(query.state.data?.items ?? [], undefined, Date.now()),
      ),
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 5_000,
  });
