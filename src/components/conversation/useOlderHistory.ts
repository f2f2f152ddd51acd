import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { ConversationEventLog } from '../../conversation/eventLog';
import type { ConversationController } from '../../conversation/controller/conversationController';
import { readHistoryPage } from '../../conversation/resources/events';

type History = InfiniteData<Page<unknown>, unknown>;

// Reading far back is never the first screen's: its code loads with the first long read.
const olderPages = () => import('../../conversation/resources/olderPages');

/**
 * Older history for the open conversation: a page at a time as the reader scrolls up, or many
 * back to back (find, a search result, Jump to start), handed to the query's pages together.
 */
export function useOlderHistory(
  settings: ConnectionSettings,
  conversationId: string,
  history: UseInfiniteQueryResult<History>,
  log: ConversationEventLog,
  /** Owns the history's read: pages read here go into its log where they are read. */
  controller: ConversationController,
) {
  const queryClient = useQueryClient();
  const [reading, setReading] = useState(false);
  // One long read at a time; a second waits for the first and goes on from where it ended.
  const queue = useRef<Promise<void>>(Promise.resolve());
  // A read belongs to the conversation shown when it began: it stops once that one is left.
  const showing = useRef({ open: true });
  useEffect(() => {
    const shown = { open: true };
    showing.current = shown;
    return () => {
      shown.open = false;
    };
  }, [settings.serverUrl, conversationId]);

  const historyRef = useRef(history);
  historyRef.current = history;

  const readBack = useCallback(
    async (until?: string) => {
      const { queryKey } = controller.historyQuery();
      const shown = showing.current;
      const wanted = () => shown.open;
      // A page already on its way is awaited, never asked for again.
      const first = await historyRef.current.fetchNextPage({ cancelRefetch: false });
      const pages = first.data?.pages;
      const from = pages?.[pages.length - 1]?.next_page_id;
      if (!from || first.isError) return;
      const { pageHolds, readOlderPages } = await olderPages();
      if (until !== undefined && (log.has(until) || pages.some((page) => pageHolds(page, until)))) return;
      setReading(true);
      try {
        await readOlderPages({
          from,
          read: (cursor) => readHistoryPage(settings, conversationId, cursor),
          until,
          wanted,
          handOver: (read, cursors) => {
            let taken = false;
            queryClient.setQueryData<History>(queryKey, (old) => {
              if (!old || old.pages[old.pages.length - 1]?.next_page_id !== cursors[0]) return old;
              taken = true;
              return { pages: [...old.pages, ...read], pageParams: [...old.pageParams, ...cursors] };
            });
            // Into the log where they are read: whoever waited for this read (a search result
            // opening at its event, find) finds the events held when it resolves, not a render
            // later; the same page objects are not fed again when the query's data changes.
            if (taken) controller.ingestPages(read);
            return taken;
          },
        });
      } catch {
        // What came before the failed page is shown; scrolling up asks for it again, and says so.
      } finally {
        if (wanted()) setReading(false);
      }
    },
    [settings, conversationId, queryClient, log, controller],
  );

  /** Every older page, or only until the one holding `until` is in. */
  const loadAllOlder = useCallback(
    (until?: string) => {
      const next = queue.current.then(() => readBack(until));
      queue.current = next;
      return next;
    },
    [readBack],
  );
  const loadOlder = useCallback(() => {
    if (!reading) void historyRef.current.fetchNextPage({ cancelRefetch: false });
  }, [reading]);

  return {
    hasOlder: history.hasNextPage,
    loadingOlder: history.isFetchingNextPage || reading,
    loadOlder,
    loadAllOlder,
  };
}
