import { useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import './connectionMeaning.css';

/**
 * The note under the connection's word, drawn outside the button (so that the button's name stays
 * the word and its meaning, as seen) and kept on screen: on a phone the word sits near the edge.
 */
export function ConnectionMeaning({ meaning, anchor }: { meaning: string; anchor: HTMLElement }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const note = ref.current;
    if (!note) return;
    const margin = 8;
    const word = anchor.getBoundingClientRect();
    const width = note.getBoundingClientRect().width;
    // Under the word, from its start (its right edge in a right-to-left page), then within the window.
    const start = getComputedStyle(anchor).direction === 'rtl' ? word.right - width : word.left;
    const left = Math.max(margin, Math.min(start, window.innerWidth - margin - width));
    note.style.left = `${Math.round(left)}px`;
    note.style.top = `${Math.round(word.bottom + 4)}px`;
  }, [meaning, anchor]);
  return createPortal(
    <span ref={ref} className="connection-meaning" aria-hidden="true">
      {meaning.charAt(0).toLocaleUpperCase() + meaning.slice(1)}
    </span>,
    document.body,
  );
}
