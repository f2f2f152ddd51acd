import { useEffect } from 'react';
import { tinykeys } from 'tinykeys';

export interface AppShortcutHandlers {
  showShortcuts: () => void;
  showPalette: () => void;
}

/**
 * The keys that work anywhere in the app: `?` for the shortcuts (not while typing in a field) and
 * Ctrl/Cmd+K for the command palette. None fires while a modal dialog is open.
 */
export function useAppShortcuts(handlers: AppShortcutHandlers) {
  const { showShortcuts, showPalette } = handlers;
  useEffect(() => {
    const unlessDialog =
      (run: () => void) =>
      (event: KeyboardEvent): void => {
        if (document.querySelector('dialog[open]')) return;
        event.preventDefault();
        run();
      };
    // "?" is a character while typing: the sheet opens only from outside a field. The palette
    // opens from anywhere, the message box included.
    const sheet = (event: KeyboardEvent) => {
      if (!typing(event)) unlessDialog(showShortcuts)(event);
    };
    // "?" comes with Shift on most layouts and without it on some.
    return tinykeys(window, { 'Shift+?': sheet, '?': sheet, '$mod+KeyK': unlessDialog(showPalette) });
  }, [showShortcuts, showPalette]);
}

/** The key went to a field the person types in. */
function typing(event: KeyboardEvent): boolean {
  const target = event.target;
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement)
  );
}
