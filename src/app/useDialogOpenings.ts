import { useCallback, useRef, useState } from 'react';

/**
 * An app-wide dialog, shown per opening: each opening is numbered and mounts a fresh dialog (use
 * the number as its key), and only the closing of the opening on screen hides it. A dialog's
 * `close` event is queued as a task, and Chromium runs input first when busy: a Ctrl+K pressed
 * just after the palette ran a command could reopen it before the old one's `close` arrived, and
 * that late `close` then hid the new palette.
 */
export function useDialogOpenings() {
  const openings = useRef(0);
  const [opening, setOpening] = useState<number | null>(null);
  const show = useCallback(() => setOpening(++openings.current), []);
  const closed = useCallback(
    (which: number) => setOpening((current) => (current === which ? null : current)),
    [],
  );
  return { opening, show, closed };
}
