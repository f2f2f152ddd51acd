import { useEffect } from 'react';
import { commandForPress } from './commandKeys';
import { commandStore } from './commands';

/**
 * Listens for the keys of every registered command, once for the app, from the first frame: a
 * press runs the command it is for (commandKeys.ts), and only then is its default prevented, so
 * that Esc still closes what the browser closes and Ctrl+F outside a conversation is the
 * browser's own find. It listens in fields too: Ctrl+F and Ctrl+K work from the message box.
 */
export function useCommandKeys(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = commandForPress(
        Object.values(commandStore.getState().commands),
        event,
        document.querySelector('dialog[open]') !== null,
      );
      if (!command) return;
      event.preventDefault();
      command.run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
