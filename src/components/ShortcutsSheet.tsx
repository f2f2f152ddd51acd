import { useEffect, useRef } from 'react';

// The keyboard shortcuts, on "?" (outside text fields) — a modal dialog Esc closes.

const SHORTCUTS: [keys: string, what: string][] = [
  ['Enter', 'Send the message'],
  ['Shift + Enter', 'New line in the message'],
  ['Esc', 'Close what is open (dialog, menu, field); in the transcript, stop the agent'],
  ['Tab / Shift + Tab', 'Move between controls; the first Tab offers “Skip to the message box”'],
  ['↑ ↓ PageUp PageDown Home End', 'Scroll the transcript when it has focus'],
  ['?', 'Show this list'],
];

export function ShortcutsSheet() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      dialog.current?.showModal();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <dialog ref={dialog} className="shortcuts" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <dl>
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={() => dialog.current?.close()}>
        Close
      </button>
    </dialog>
  );
}
