import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ConversationEventLog } from '../../conversation/eventLog';
import {
  chosenFrom,
  currentMatchIndex,
  findInRows,
  matchCountWords,
  newestMatchAbove,
  prepareRows,
  type ChosenMatch,
  type FindMatch,
} from '../../conversation/find/findInRows';
import { clearMatches, paintMatches } from './matchPaint';
import './find.css';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/find';

/** Rows prepared per idle moment: a few milliseconds of work. */
const PREPARE_SLICE = 300;

/**
 * Tether's find bar: every loaded row searched (folded output and thinking included), "3 of 17",
 * Enter / Shift+Enter to step, each step scrolling the row into view. Older history the server
 * still holds is searched there (messages only, as the server searches); a step that goes past
 * the oldest loaded match loads older pages only until the nearest match there is in. Esc closes
 * the bar — only the bar.
 */
export default function FindBar({
  log,
  scroller,
  onFocusMatch,
  onClose,
  olderMatches,
  loadOlder,
}: {
  log: ConversationEventLog;
  scroller: () => HTMLElement | null;
  onFocusMatch: (match: FindMatch | null) => void;
  onClose: () => void;
  /** The messages the server finds for the query among events not loaded yet, newest first. */
  olderMatches: (query: string) => Promise<string[]>;
  /** Loads older pages: all of them, or only until the one holding the event is in. */
  loadOlder: (until?: string) => Promise<void>;
}) {
  const t = useT();
  const version = useSyncExternalStore(log.subscribe, log.getVersion);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ChosenMatch | null>(null);
  const [older, setOlder] = useState<{ query: string; ids: string[] } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the log changes in place; version says when
  const matches = useMemo(() => findInRows(log.projection, query), [log, query, version]);
  const current = currentMatchIndex(matches, chosen, query, () => firstRowInView(scroller()));
  const match = matches[current] ?? null;
  // The match a new query starts on is kept as chosen: the view moves to it, and the start must
  // not be worked out again from where that took the view.
  useEffect(() => {
    if (
      match &&
      (chosen?.query !== query || chosen.rowKey !== match.rowKey || chosen.offset !== match.offset)
    )
      setChosen(chosenFrom(query, match));
  }, [match, query, chosen]);

  useEffect(() => input.current?.focus(), []);
  // Rows' searchable text made in idle slices while the person starts typing.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    const cancelIdle = window.cancelIdleCallback ?? clearTimeout;
    let handle = 0;
    const slice = (from: number) => {
      handle = idle(() => {
        const next = prepareRows(log.projection, from, from + PREPARE_SLICE);
        if (next < log.projection.rowOrder.length) slice(next);
      }) as number;
    };
    slice(0);
    return () => cancelIdle(handle);
  }, [log]);
  useEffect(() => onFocusMatch(match), [match, onFocusMatch]);
  useEffect(() => () => clearMatches(), []);

  // Paint what is on screen now, and again whenever other rows scroll in.
  useEffect(() => {
    const element = scroller();
    if (!element) return;
    let frame = 0;
    const paint = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        paintMatches(
          element.querySelector('[role="log"]'),
          query,
          match ? element.querySelector(`.chat-row-slot[data-index="${match.rowIndex}"]`) : null,
        ),
      );
    };
    paint();
    element.addEventListener('scroll', paint, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', paint);
    };
  }, [scroller, query, match, version]);

  // Older history: asked of the server after a pause in typing, for the query as it then is, or
  // at once when Enter comes first (askedNow).
  const [askedNow, setAskedNow] = useState<string | null>(null);
  useEffect(() => {
    const asked = query.trim();
    if (!asked) return;
    let current = true;
    const timer = setTimeout(
      () => {
        void olderMatches(asked).then((ids) => current && setOlder({ query: asked, ids }));
      },
      askedNow === asked ? 0 : 300,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, olderMatches, version, askedNow]);
  // Those loaded since the server was asked are found among the loaded rows now.
  const olderIds = older && older.query === query.trim() ? older.ids.filter((id) => !log.has(id)) : [];
  const olderCount = olderIds.length;

  /**
   * Into history not loaded yet: pages are read until the nearest match there is in (or, to go
   * round from the newest match, until the oldest), and the step lands on it.
   */
  const stepIntoOlder = async (to: 'nearest' | 'oldest') => {
    const wanted = olderIds[0]!;
    const firstKey = log.projection.rowOrder[0];
    setLoadingOlder(true);
    try {
      await loadOlder(to === 'nearest' ? wanted : undefined);
    } finally {
      setLoadingOlder(false);
    }
    const now = findInRows(log.projection, query);
    const landing = to === 'nearest' ? newestMatchAbove(now, log.projection.rowOrder, firstKey) : now[0];
    if (landing) setChosen(chosenFrom(query, landing));
  };

  // An Enter pressed before the server said what older history holds is kept, and acted on
  // when it answers (for the same query): a person who types and presses Enter at once still
  // lands on the match.
  const [pendingStep, setPendingStep] = useState<{ query: string; by: number } | null>(null);
  const olderAnswered = older?.query === query.trim();

  const step = (by: number) => {
    if (loadingOlder) return;
    if (matches.length === 0 && !olderAnswered && query.trim()) {
      setPendingStep({ query: query.trim(), by });
      setAskedNow(query.trim());
      return;
    }
    if (olderCount > 0 && (matches.length === 0 || (by < 0 && current === 0)))
      return void stepIntoOlder('nearest');
    if (olderCount > 0 && by > 0 && current === matches.length - 1) return void stepIntoOlder('oldest');
    if (matches.length === 0) return;
    setChosen(chosenFrom(query, matches[(current + by + matches.length) % matches.length]!));
  };
  const canStep = matches.length > 0 || olderCount > 0;
  const stepRef = useRef(step);
  stepRef.current = step;
  useEffect(() => {
    if (!pendingStep) return;
    if (pendingStep.query !== query.trim()) return setPendingStep(null);
    if (!olderAnswered && matches.length === 0) return;
    setPendingStep(null);
    stepRef.current(pendingStep.by);
  }, [pendingStep, query, olderAnswered, matches.length]);

  return (
    <div className="find-bar" role="search" aria-label={t('find.label')} data-closes-on-escape="">
      <input
        ref={input}
        type="search"
        aria-label={t('find.label')}
        aria-describedby="find-count"
        placeholder={t('find.label')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            step(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
      />
      <span id="find-count" className="find-count">
        {query.trim() ? matchCountWords(current, matches.length) : ''}
      </span>
      <button type="button" aria-label={t('find.previous')} disabled={!canStep} onClick={() => step(-1)}>
        ↑
      </button>
      <button type="button" aria-label={t('find.next')} disabled={!canStep} onClick={() => step(1)}>
        ↓
      </button>
      {olderCount > 0 && (
        <button
          type="button"
          className="link-button"
          disabled={loadingOlder}
          onClick={() => void stepIntoOlder('nearest')}
        >
          {loadingOlder ? t('find.loadingOlder') : t('find.older', { count: olderCount })}
        </button>
      )}
      <button type="button" aria-label={t('find.close')} onClick={onClose}>
        ✕
      </button>
    </div>
  );
}

/** The index of the first row whose bottom is below the top of the view. */
function firstRowInView(element: HTMLElement | null): number | undefined {
  if (!element) return undefined;
  const top = element.getBoundingClientRect().top;
  let first: number | undefined;
  for (const slot of element.querySelectorAll<HTMLElement>('.chat-row-slot[data-index]')) {
    const index = Number(slot.dataset.index);
    if (slot.getBoundingClientRect().bottom > top && (first === undefined || index < first)) first = index;
  }
  return first;
}
