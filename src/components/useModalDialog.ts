import { useEffect, useRef } from 'react';

/**
 * A `<dialog>` that opens modally when mounted and reports its closing (Esc, a Close button,
 * `close()`); the component that mounts it unmounts it then. Focus goes back where it was.
 */
export function useModalDialog(onClose: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const latest = useRef(onClose);
  latest.current = onClose;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    const closed = () => latest.current();
    element.addEventListener('close', closed);
    return () => element.removeEventListener('close', closed);
  }, []);
  return dialog;
}
