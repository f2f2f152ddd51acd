import { useEffect } from 'react';
import { tinykeys } from 'tinykeys';

export interface AppShortcutHandlers {
  showShortcuts: () => void;
}

/**
 * The keys that work anywhere in the app. A plain key (`?`) is ignored while typing in a field;
 * none fires while a modal dialog is open, so a dialog keeps its own keys.
 */
export function useAppShortcuts(handlers: AppShortcutHandlers) {
  const { showShortcuts } = handlers;
  useEffect(() => {
    const unlessDialog =
      (run: () => void) =>
      (event: KeyboardEvent): void => {
        if (document.querySelector('dialog[open]')) return;
        event.preventDefault();
        run();
      };
    return tinykeys(window, { '[Shift]+?': unlessDialog(showShortcuts) });
  }, [showShortcuts]);
}
