import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ConversationEventLog } from '../conversation/eventLog';
import { ChatRow } from './ChatRow';
import type { Activity } from '../conversation/composerRules';

interface Props {
  log: ConversationEventLog;
  activity: Activity;
  /** Changes whenever the footer (live bubble, pending messages) grows: keeps a reader at the bottom there. */
  followKey?: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  footer?: React.ReactNode;
}

const LOAD_OLDER_WITHIN_PX = 600;
const AT_BOTTOM_PX = 48;
/** Height of the "Loading older events…" strip above the rows; must match .history-edge. */
const EDGE_PX = 32;

/**
 * The conversation's rows, virtualised: only the rows near the viewport are in the DOM. Older
 * pages load when the reader nears the top, and the row they were reading stays where it was.
 */
export function ChatHistory({ log, activity, hasOlder, loadingOlder, loadOlder, footer, followKey }: Props) {
  useSyncExternalStore(log.subscribe, log.getVersion);
  const order = log.projection.rowOrder;
  const scrollRef = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ key: string; offset: number } | null>(null);
  const atBottom = useRef(true);
  const previousFirst = useRef<string | undefined>(undefined);

  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 140,
    overscan: 6,
    scrollMargin: EDGE_PX,
    getItemKey: (index) => order[index]!,
  });

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    // Anchor on the row in the middle of the view: rows at the top edge may still change
    // when the older page brings their action (an outcome merging into its call).
    const middle = top + element.clientHeight / 2;
    const centre = virtualizer.getVirtualItems().find((item) => item.end > middle);
    anchor.current = centre ? { key: String(centre.key), offset: centre.start - top } : null;
    atBottom.current = element.scrollHeight - top - element.clientHeight < AT_BOTTOM_PX;
    if (top < LOAD_OLDER_WITHIN_PX && hasOlder && !loadingOlder) loadOlder();
  }, [virtualizer, hasOlder, loadingOlder, loadOlder]);

  useLayoutEffect(() => {
    const first = order[0];
    const prepended = previousFirst.current !== undefined && first !== previousFirst.current;
    if (previousFirst.current === undefined && order.length > 0) {
      virtualizer.scrollToIndex(order.length - 1, { align: 'end' });
    } else if (prepended && anchor.current) {
      const index = order.indexOf(anchor.current.key);
      const start = virtualizer.measurementsCache[index]?.start;
      if (start !== undefined) virtualizer.scrollToOffset(start - anchor.current.offset);
    } else if (atBottom.current && order.length > 0) {
      virtualizer.scrollToIndex(order.length - 1, { align: 'end' });
    }
    previousFirst.current = first;
  }, [order, virtualizer]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [followKey]);

  // A first page too short to scroll cannot trigger loading by scrolling: load on.
  useEffect(() => {
    const element = scrollRef.current;
    if (
      element &&
      hasOlder &&
      !loadingOlder &&
      element.scrollHeight <= element.clientHeight + LOAD_OLDER_WITHIN_PX
    ) {
      loadOlder();
    }
  }, [order, hasOlder, loadingOlder, loadOlder]);

  const items = virtualizer.getVirtualItems();
  return (
    <div className="chat-scroll" ref={scrollRef} onScroll={onScroll}>
      <div className="history-edge" aria-live="polite">
        {loadingOlder
          ? 'Loading older events…'
          : hasOlder
            ? ''
            : order.length > 0
              ? 'Beginning of the conversation'
              : ''}
      </div>
      <div
        role="log"
        aria-label="Conversation"
        className="chat-rows"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const row = log.projection.row(order[item.index]!);
          if (!row) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="chat-row-slot"
              style={{ transform: `translateY(${item.start - EDGE_PX}px)` }}
            >
              <ChatRow
                row={row}
                activity={activity}
                unread={
                  activity !== 'idle' &&
                  row.type === 'message' &&
                  row.event.source === 'user' &&
                  row.sortKey > log.projection.readUpTo
                }
              />
            </div>
          );
        })}
      </div>
      {footer}
    </div>
  );
}
