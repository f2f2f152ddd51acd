import { useLayoutEffect, useRef } from 'react';
import './connectionMeaning.css';

/** The note under the word, moved sideways as far as it must to stay on screen (a phone's header). */
export function ConnectionMeaning({ meaning }: { meaning: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const note = ref.current;
    if (!note) return;
    const margin = 8;
    // Measured where the style sheet puts it, not where an earlier run moved it.
    note.style.transform = '';
    const { left, right } = note.getBoundingClientRect();
    const overflow = right - (window.innerWidth - margin);
    const shift = overflow > 0 ? -overflow : left < margin ? margin - left : 0;
    note.style.transform = shift ? `translateX(${Math.round(shift)}px)` : '';
  }, [meaning]);
  return (
    <span ref={ref} className="connection-meaning" aria-hidden="true">
      {meaning.charAt(0).toLocaleUpperCase() + meaning.slice(1)}
    </span>
  );
}
