import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ConversationInfo } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import { FailureStreaks, nextReadMs } from '../inbox/serverBackoff';
import { listReadMs } from '../inbox/listReadRule';
import { serverKey } from './server';
import { conversationListKey, readListPage, type ListData } from './conversations';

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
  /** When the whole list was last read (ms since the epoch); 0 for a stand-in. */
  readonly wholeAt: number;
}

/**
 * The whole list is read again this often; in between, only its first page, newest change first:
 * a run that starts or ends, a message, a new conversation all bring theirs to the top. What a
 * read of the first page misses until the next whole read: a conversation deleted elsewhere.
 */
export const WHOLE_LIST_MS = 5 * 60_000;

export const boardListKey = (settings: ConnectionSettings) => [...serverKey(settings), 'board'] as const;
const failures = new FailureStreaks();

export const boardListQuery = (settings: ConnectionSettings, queryClient: QueryClient) =>
  queryOptions({
    queryKey: boardListKey(settings),
    queryFn: () =>
      failures.track(JSON.stringify(serverKey(settings)), async (): Promise<BoardList> => {
        const before = queryClient.getQueryData<BoardList>(boardListKey(settings));
        const wholeDue = !before?.wholeAt || Date.now() - before.wholeAt >= WHOLE_LIST_MS;
        const items: ConversationInfo[] = [];
        let pageId: string | undefined;
        for (let page = 0; page < BOARD_PAGES; page++) {
          const read = await readListPage(settings, BOARD_PAGE_SIZE, pageId);
          items.push(...read.items);
          pageId = read.next_page_id ?? undefined;
          if (!pageId) return { items, cut: false, wholeAt: Date.now() };
          if (!wholeDue)
            return { items: newestFirst(items, before.items), cut: before.cut, wholeAt: before.wholeAt };
        }
        return { items, cut: true, wholeAt: Date.now() };
      }),
    // Until the whole list is read, the inbox's first page (itself painted from the list this
    // browser kept) stands in for it: the board paints at once.
    placeholderData: () => {
      const inbox = queryClient.getQueryData<ListData>(conversationListKey(settings));
      const items = inbox?.pages.flatMap((page) => page.items) ?? [];
      return items.length ? { items, cut: true, wholeAt: 0 } : undefined;
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

/** The first page read now, then what the last whole read had beyond it, newest change first. */
export function newestFirst(
  firstPage: readonly ConversationInfo[],
  held: readonly ConversationInfo[],
): ConversationInfo[] {
  const fresh = new Set(firstPage.map((info) => info.id));
  return [...firstPage, ...held.filter((info) => !fresh.has(info.id))].sort(
    (a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at),
  );
}
