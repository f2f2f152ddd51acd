import { useEffect, useRef, type RefObject } from 'react';
import { useT } from '../../i18n/i18n';

interface Props {
  hasOlder: boolean;
  loading: boolean;
  /** The conversation has rows (an empty one says nothing here). */
  hasRows: boolean;
  loadOlder: () => void;
  /** Where focus goes when the button it was on is gone (the last page came in). */
  transcript: RefObject<HTMLElement | null>;
  children?: React.ReactNode;
}

/**
 * The top edge of the transcript: a button for the older pages, or the word that there are none.
 * Tabbing to the button scrolls it into view, and that loads a page by itself: the button stays
 * the same element, busy while it loads, so the keyboard's place is not lost to the page.
 */
export function HistoryEdge({ hasOlder, loading, hasRows, loadOlder, transcript, children }: Props) {
  const t = useT();
  const hadFocus = useRef(false);
  useEffect(() => {
    if (hasOlder || !hadFocus.current) return;
    hadFocus.current = false;
    transcript.current?.focus({ preventScroll: true });
  }, [hasOlder, transcript]);
  return (
    <div className="history-edge">
      {hasOlder ? (
        <button
          type="button"
          className="link-button"
          aria-disabled={loading}
          onFocus={() => (hadFocus.current = true)}
          onBlur={() => (hadFocus.current = false)}
          onClick={() => {
            if (!loading) loadOlder();
          }}
        >
          {loading ? t('transcript.loadingEarlier') : t('transcript.loadEarlier')}
        </button>
      ) : loading ? (
        <span>{t('transcript.loadingEarlier')}</span>
      ) : hasRows ? (
        t('transcript.beginning')
      ) : (
        ''
      )}
      {children}
    </div>
  );
}
