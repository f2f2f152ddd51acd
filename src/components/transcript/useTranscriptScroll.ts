import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

// The one owner of the transcript's scrolling: following the end while the reader is there,
// holding the reader's row when older pages arrive above, jumping (to the start, the latest, a
// find match), loading older pages near the top, and reacting to content that grows without a
// scroll event. ChatHistory only renders what this decides.
//
// Following waits while the reader presses inside the transcript, and while a dialog opened from
// a row is open: a button that moves between press and release is never clicked (the press and
// the release land on different things), a selection being dragged is not pulled away, and the
// row behind an open dialog is not scrolled out of the drawn range (which would take the dialog
// with it). The view catches up with the end as soon as the reader lets go.

/** Where the reader is: drives the jump buttons (a state, so it changes only at the edges). */
export type Position = 'top' | 'middle' | 'bottom';

const LOAD_OLDER_WITHIN_PX = 600;
const AT_BOTTOM_PX = 48;
/** Height of the "Loading older events…" strip above the rows; must match .history-edge. */
export const EDGE_PX = 32;
/** A scroll this soon after the reader's wheel, touch, key or pointer is the reader's own. */
const READER_INPUT_MS = 500;
/** How long the reader's row is held in place while the rows above it are measured. */
const PIN_MS = 800;
/**
 * How long after End or Jump to latest a scroll away from the end is not the reader's. Chromium
 * does not stop a keyboard scroll's animation (PageUp just before End) when the page sets
 * scrollTop: its remaining frames carry the view up again, with no input and no height change,
 * and the reader would be left short of the end they asked for (seen in a loaded CI run).
 */
const SEEK_END_MS = 1000;

export interface TranscriptScrollOptions {
  /** The rows' keys, in order (a new array whenever the order changes). */
  order: readonly string[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** Loads every older page (for Jump to start). */
  loadAllOlder: () => Promise<void>;
  /** Find's jump: the row to bring to the middle of the view (a new seq each time). */
  jumpTo?: { index: number; seq: number };
}

export function useTranscriptScroll({
  order,
  hasOlder,
  loadingOlder,
  loadOlder,
  loadAllOlder,
  jumpTo,
}: TranscriptScrollOptions) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const previousOrder = useRef<readonly string[]>([]);
  // When older rows are about to be put above, note where the row in the middle of the view is
  // now, before React moves anything (what getSnapshotBeforeUpdate does for classes). Reading the
  // DOM here is deliberate: afterwards the old positions are gone.
  const anchor = useRef<{ key: string; offset: number } | null>(null);
  /** Set by Jump to start: the reader wants the first row, not to keep their place, while pages come. */
  const toStart = useRef(false);
  // (A reader at the bottom stays there instead: the history page that arrives after the first
  // live events of a reloaded run is older rows too, and the reader is following the run.)
  if (
    !toStart.current &&
    !atBottom.current &&
    previousOrder.current.length > 0 &&
    order[0] !== previousOrder.current[0]
  ) {
    anchor.current = middleRow(scrollRef.current, previousOrder.current);
  }

  // After older rows came in, the rows above the reader are measured over the next frames; the
  // reader's row stays pinned where it was until then (or until they scroll themselves).
  const pin = useRef<{ key: string; offset: number; until: number } | null>(null);
  const orderRef = useRef(order);
  orderRef.current = order;

  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 140,
    overscan: 6,
    scrollMargin: EDGE_PX,
    getItemKey: (index) => order[index]!,
    onChange: (instance) => {
      const pinned = pin.current;
      const element = scrollRef.current;
      if (!pinned || !element) return;
      if (performance.now() > pinned.until) {
        pin.current = null;
        return;
      }
      const start = instance.measurementsCache[orderRef.current.indexOf(pinned.key)]?.start;
      if (start !== undefined && Math.abs(element.scrollTop - (start - pinned.offset)) > 1) {
        element.scrollTop = start - pinned.offset;
      }
    },
  });

  /** Until when the reader's End or Jump to latest holds against scrolls that are not theirs. */
  const seekingEndUntil = useRef(-Infinity);
  // The reader scrolling themselves ends the pin (or the way to the end) at once.
  const userInputAt = useRef(-Infinity);
  const release = useCallback(() => {
    pin.current = null;
    toStart.current = false;
    seekingEndUntil.current = -Infinity;
    userInputAt.current = performance.now();
  }, []);

  const pressed = useRef(false);
  const held = useCallback(
    () => pressed.current || scrollRef.current?.querySelector('dialog[open]') != null,
    [],
  );
  /** Takes a follower to the end after a hold, once whatever else the release did has run. */
  const catchUp = useCallback(() => {
    requestAnimationFrame(() => {
      const element = scrollRef.current;
      if (element && atBottom.current && !toStart.current && !held())
        element.scrollTop = element.scrollHeight;
    });
  }, [held]);
  /** The reader pressed inside the transcript: following waits for the release. */
  const press = useCallback(() => {
    release();
    pressed.current = true;
    const letGo = () => {
      pressed.current = false;
      for (const type of ['pointerup', 'pointercancel', 'blur'] as const)
        window.removeEventListener(type, letGo, true);
      catchUp();
    };
    for (const type of ['pointerup', 'pointercancel', 'blur'] as const)
      window.addEventListener(type, letGo, true);
  }, [release, catchUp]);
  // A dialog opened from a row closed ('close' does not bubble: caught on its way down).
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    element.addEventListener('close', catchUp, true);
    return () => element.removeEventListener('close', catchUp, true);
  }, [catchUp]);

  const [position, setPosition] = useState<Position>('bottom');
  /** Whether the rows are taller than the view: when everything fits there is nowhere to jump. */
  const [overflowing, setOverflowing] = useState(false);
  const checkOverflow = useCallback(() => {
    const element = scrollRef.current;
    if (element) setOverflowing(element.scrollHeight > element.clientHeight + 1);
  }, []);
  const [jumpingToStart, setJumpingToStart] = useState(false);
  const lastScrollHeight = useRef(0);
  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    const heightChanged = element.scrollHeight !== lastScrollHeight.current;
    lastScrollHeight.current = element.scrollHeight;
    const now = performance.now();
    const byReader = now - userInputAt.current < READER_INPUT_MS;
    const holding = held();
    const contentMoved = heightChanged && (holding || !byReader);
    if (atBottom.current && (contentMoved || now < seekingEndUntil.current)) {
      // Rows measured or added moved the content, or an animation the reader already overrode
      // moved the view, not the reader: a follower keeps following (after the hold, if one is on).
      if (!holding) element.scrollTop = element.scrollHeight;
    } else {
      atBottom.current = element.scrollHeight - top - element.clientHeight < AT_BOTTOM_PX;
    }
    setPosition(atBottom.current ? 'bottom' : top < AT_BOTTOM_PX ? 'top' : 'middle');
    checkOverflow();
    if (top < LOAD_OLDER_WITHIN_PX && hasOlder && !loadingOlder) loadOlder();
  }, [hasOlder, loadingOlder, loadOlder, checkOverflow, held]);

  // A scroll to the top while a page was loading sets off nothing: the reader stays at the top
  // with no scroll event to come. When the page is in, look again (only then: on opening, the
  // view is at the top for a moment before it goes to the end, and nobody asked for older rows).
  const wasLoadingOlder = useRef(loadingOlder);
  useEffect(() => {
    const pageCameIn = wasLoadingOlder.current && !loadingOlder;
    wasLoadingOlder.current = loadingOlder;
    const element = scrollRef.current;
    if (pageCameIn && element && hasOlder && element.scrollTop < LOAD_OLDER_WITHIN_PX) loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);

  const jumpToStart = async () => {
    pin.current = null;
    seekingEndUntil.current = -Infinity;
    toStart.current = true;
    atBottom.current = false;
    virtualizer.scrollToOffset(0);
    setJumpingToStart(true);
    try {
      await loadAllOlder();
    } finally {
      setJumpingToStart(false);
    }
    if (toStart.current) virtualizer.scrollToOffset(0);
  };
  /**
   * The reader asked for the end (End, or the button their press went to): from here on the rows
   * measured on the way move the content and take a follower along; they are not the reader's
   * scrolling (a loaded run stopped 353 px short when they were counted so).
   */
  const jumpToLatest = () => {
    pin.current = null;
    toStart.current = false;
    atBottom.current = true;
    userInputAt.current = -Infinity;
    seekingEndUntil.current = performance.now() + SEEK_END_MS;
    virtualizer.scrollToIndex(orderRef.current.length - 1, { align: 'end' });
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  };

  /**
   * A key in the transcript is the reader's own scrolling; End is their asking for the end, as
   * Jump to latest is. The browser's own End only scrolls to where the end was when pressed: a
   * row measured before its scroll event made the end move 15 px on, and the reader stopped
   * short of it, not following (seen in a loaded CI run).
   */
  const keyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'End' || event.altKey || event.shiftKey || event.target !== event.currentTarget) {
      release();
      return;
    }
    event.preventDefault();
    jumpToLatest();
  };

  useLayoutEffect(() => {
    const before = previousOrder.current;
    previousOrder.current = order;
    if (order.length === 0) return;
    if (toStart.current) {
      virtualizer.scrollToOffset(0);
    } else if (before.length === 0) {
      virtualizer.scrollToIndex(order.length - 1, { align: 'end' });
    } else if (order[0] !== before[0] && anchor.current) {
      // Older rows came in above: put the row that was in the middle back where it was.
      const start = virtualizer.measurementsCache[order.indexOf(anchor.current.key)]?.start;
      if (start !== undefined) virtualizer.scrollToOffset(start - anchor.current.offset);
      pin.current = { ...anchor.current, until: performance.now() + PIN_MS };
      anchor.current = null;
    } else if (atBottom.current && !held()) {
      virtualizer.scrollToIndex(order.length - 1, { align: 'end' });
    }
  }, [order, virtualizer, held]);

  // Find jumped: the reader is now where the match is, not following the run or holding a place.
  useLayoutEffect(() => {
    if (!jumpTo) return;
    pin.current = null;
    seekingEndUntil.current = -Infinity;
    toStart.current = false;
    atBottom.current = false;
    virtualizer.scrollToIndex(jumpTo.index, { align: 'center' });
  }, [jumpTo, virtualizer]);

  // A banner above (or the window) changing the transcript's height keeps a reader at the bottom there.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && !toStart.current && !held()) element.scrollTop = element.scrollHeight;
      checkOverflow();
    });
    observer.observe(element);
    // And anything inside growing (the edge, the rows' box, the footer), which fires no scroll event.
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [checkOverflow, held]);
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(checkOverflow, [checkOverflow, totalSize, order]);
  // The last row growing after it was measured (code highlighted, an image decoded) fires no scroll
  // event: the content just gets taller below a follower, who must be taken along.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && atBottom.current && !toStart.current && !held()) element.scrollTop = element.scrollHeight;
  }, [totalSize, held]);

  // A first page too short to scroll cannot trigger loading by scrolling: load on.
  useEffect(() => {
    const element = scrollRef.current;
    if (
      element &&
      order.length > 0 &&
      hasOlder &&
      !loadingOlder &&
      element.scrollHeight <= element.clientHeight + LOAD_OLDER_WITHIN_PX
    ) {
      loadOlder();
    }
  }, [order, hasOlder, loadingOlder, loadOlder]);

  return {
    scrollRef,
    virtualizer,
    onScroll,
    /** The reader's own wheel, touch or key: ends a pin or a jump to the start. */
    release,
    /** The reader's pointer pressed: as release, and following waits until it is let go. */
    press,
    position,
    overflowing,
    jumpingToStart,
    jumpToStart,
    jumpToLatest,
    /** The transcript's keys: each is the reader's scrolling; End goes to the end and follows. */
    keyDown,
  };
}

/**
 * The row crossing the middle of the scroller, and its distance from the scroller's top, read
 * from the DOM. Rows carry their index in `order`. (The middle, not the top: rows at the top edge
 * can change when the older page brings an outcome's action and they merge.)
 */
function middleRow(
  scroller: HTMLElement | null,
  order: readonly string[],
): { key: string; offset: number } | null {
  if (!scroller) return null;
  const top = scroller.getBoundingClientRect().top;
  const middle = top + scroller.clientHeight / 2;
  for (const slot of scroller.querySelectorAll<HTMLElement>('.chat-row-slot')) {
    const box = slot.getBoundingClientRect();
    if (box.bottom <= middle) continue;
    const key = order[Number(slot.dataset.index)];
    return key === undefined ? null : { key, offset: box.top - top };
  }
  return null;
}
