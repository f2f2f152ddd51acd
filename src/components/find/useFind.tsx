import { Suspense, useCallback, useRef, useState, type RefObject } from 'react';
import type { ConversationEventLog } from '../../conversation/eventLog';
import type { FindMatch } from '../../conversation/find/findInRows';
import { lazyPart } from '../boundaries/lazyPart';

// The find bar loads on the first Ctrl/Cmd+F in a conversation.
const FindBar = lazyPart(() => import('./FindBar'));

export interface FindHooks {
  /** The bar, or null while closed. */
  bar: React.ReactNode;
  /** The match jumped to, for the rows that fold text away. */
  focus: FindMatch | null;
  /** Changes when a jump should scroll: the row to bring into view. */
  jumpTo: { index: number; seq: number } | undefined;
  /** Opens the bar (or selects its text), as Ctrl/Cmd+F does. */
  open: () => void;
}

/**
 * Ctrl/Cmd+F with focus in the conversation opens Tether's find (the browser's own find cannot
 * see rows the virtualised list has not drawn); elsewhere the browser's find is left alone.
 */
export function useFind(
  section: RefObject<HTMLElement | null>,
  log: ConversationEventLog,
  olderMatches: (query: string) => Promise<string[]>,
  loadOlder: (until?: string) => Promise<void>,
): FindHooks {
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState<FindMatch | null>(null);
  const [jumpTo, setJumpTo] = useState<{ index: number; seq: number }>();
  const lastJump = useRef('');

  const openBar = useCallback(() => {
    setOpen(true);
    section.current?.querySelector<HTMLInputElement>('.find-bar input')?.select();
  }, [section]);

  const onFocusMatch = useCallback((match: FindMatch | null) => {
    setFocus(match);
    // A new array of matches (an event came in) is not a new jump: only a new place is.
    const place = match ? `${match.rowKey}\u0000${match.segment.where}\u0000${match.offset}` : '';
    if (!match || place === lastJump.current) return;
    lastJump.current = place;
    setJumpTo((previous) => ({ index: match.rowIndex, seq: (previous?.seq ?? 0) + 1 }));
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    setFocus(null);
    lastJump.current = '';
    section.current?.querySelector<HTMLElement>('.chat-scroll')?.focus();
  }, [section]);

  const scroller = useCallback(
    () => section.current?.querySelector<HTMLElement>('.chat-scroll') ?? null,
    [section],
  );

  const bar = open ? (
    <Suspense fallback={null}>
      <FindBar
        log={log}
        scroller={scroller}
        onFocusMatch={onFocusMatch}
        onClose={close}
        olderMatches={olderMatches}
        loadOlder={loadOlder}
      />
    </Suspense>
  ) : null;
  return { bar, focus, jumpTo, open: openBar };
}
