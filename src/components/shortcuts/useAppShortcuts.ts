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
    const plain = tinykeys(window, { '[Shift]+?': unlessDialog(showShortcuts) });
    // The palette opens from anywhere, the message box included.
    const withModifier = tinykeys(
      window,
      { '$mod+KeyK': unlessDialog(showPalette) },
      { ignore: () => false },
    );
    return () => {
      plain();
      withModifier();
    };
  }, [showShortcuts, showPalette]);
}
