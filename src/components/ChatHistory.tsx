import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/i18n';
import type { ConversationEventLog } from '../conversation/eventLog';
import { ChatRow } from './ChatRow';
import { RowBoundary } from './boundaries/RowBoundary';
import { StretchLine } from './stretches/StretchLine';
import { useStretches } from './stretches/useStretches';
import { EDGE_PX, useTranscriptScroll } from './transcript/useTranscriptScroll';
import { HistoryEdge } from './transcript/HistoryEdge';
import type { Row } from '../conversation/projection';
import type { Activity } from '../conversation/composerRules';

/** A row of the agent's work: consecutive ones read as one stretch, labelled once. */
function fromAgent(row: Row | undefined): boolean {
  if (!row) return false;
  if (row.type === 'turn' || row.type === 'orphan-outcome') return true;
  return row.type === 'message' && row.event.source === 'agent';
}

interface Props {
  log: ConversationEventLog;
  activity: Activity;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** Loads every older page (for Jump to start). */
  loadAllOlder: () => Promise<void>;
  footer?: React.ReactNode;
  /** Find's jump: the row to bring to the middle of the view (a new seq each time). */
  jumpTo?: { index: number; seq: number };
}

/**
 * The conversation's rows, virtualised: only the rows near the viewport are in the DOM. Where the
 * view is (following, holding a place, jumping) is useTranscriptScroll's to decide.
 */
export function ChatHistory({
  log,
  activity,
  hasOlder,
  loadingOlder,
  loadOlder,
  loadAllOlder,
  footer,
  jumpTo,
}: Props) {
  useSyncExternalStore(log.subscribe, log.getVersion);
  const order = log.projection.rowOrder;
  const { stretchOf, isOpen, toggle, fold, setFold } = useStretches(
    log.projection,
    jumpTo ? order[jumpTo.index] : undefined,
  );
  const {
    scrollRef,
    virtualizer,
    onScroll,
    release,
    press,
    position,
    overflowing,
    jumpingToStart,
    jumpToStart,
    jumpToLatest,
    keyDown,
  } = useTranscriptScroll({ order, hasOlder, loadingOlder, loadOlder, loadAllOlder, jumpTo });

  const t = useT();
  const items = virtualizer.getVirtualItems();
  return (
    // Focusable, so the keyboard scrolls it (arrows, PageUp/PageDown, Home/End) and Esc there
    // can stop the agent.
    <div
      className="chat-scroll"
      tabIndex={0}
      aria-label={t('transcript.label')}
      role="region"
      ref={scrollRef}
      onScroll={onScroll}
      onWheel={release}
      onTouchStart={release}
      onKeyDown={keyDown}
      onPointerDown={press}
    >
      <HistoryEdge
        hasOlder={hasOlder}
        loading={loadingOlder || jumpingToStart}
        hasRows={order.length > 0}
        loadOlder={loadOlder}
        transcript={scrollRef}
      >
        {order.length > 0 && (
          <button type="button" className="link-button fold-steps" onClick={() => setFold(!fold)}>
            {fold ? t('transcript.showEveryStep') : t('transcript.foldSteps')}
          </button>
        )}
      </HistoryEdge>
      <div
        role="log"
        aria-label={t('transcript.log')}
        className="chat-rows"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const row = log.projection.rowAt(item.index);
          if (!row) return null;
          const previous = log.projection.rowAt(item.index - 1);
          const stretch = stretchOf(row.key);
          const folded = stretch !== undefined && !isOpen(stretch);
          const leads = stretch?.id === row.key;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={`chat-row-slot${folded && !leads ? ' folded' : ''}`}
              style={{ transform: `translateY(${item.start - EDGE_PX}px)` }}
            >
              {leads && (
                <StretchLine
                  stretch={stretch}
                  open={!folded}
                  labelled={!fromAgent(previous)}
                  onToggle={toggle}
                />
              )}
              {/* A folded step is not drawn at all: its line stands for it until opened. */}
              {!folded && (
                <RowBoundary row={row}>
                  <ChatRow
                    row={row}
                    activity={activity}
                    continued={fromAgent(row) && (leads || fromAgent(previous))}
                    watched={log.wasWatched(row.eventId)}
                    unread={
                      activity !== 'idle' &&
                      row.type === 'message' &&
                      row.event.source === 'user' &&
                      row.sortKey > log.projection.readUpTo
                    }
                  />
                </RowBoundary>
              )}
            </div>
          );
        })}
      </div>
      {footer}
      {order.length > 0 && (
        <div className="jump-buttons">
          {(hasOlder || (overflowing && position !== 'top')) && (
            <button type="button" onClick={() => void jumpToStart()} disabled={jumpingToStart}>
              {t('transcript.jumpToStart')}
            </button>
          )}
          {overflowing && position !== 'bottom' && (
            <button type="button" onClick={jumpToLatest}>
              {t('transcript.jumpToLatest')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
