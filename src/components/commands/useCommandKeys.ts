import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { combosOf, commandForPress } from './commandKeys';
import { commandStore } from './commands';
import { firstIdle } from '../useIdleReached';

/**
 * Listens for the keys of every registered command, once for the app: a press runs the command
 * it is for (commandKeys.ts), and only then is its default prevented, so that Esc still closes
 * what the browser closes and Ctrl+F outside a conversation is the browser's own find. The key
 * matcher (tinykeys) loads in the first idle moment: no key of the first frame needs it, and its
 * bytes are not waited for.
 */
export function useCommandKeys(): void {
  const commands = useStore(commandStore, (state) => state.commands);
  const combos = useMemo(() => combosOf(Object.values(commands)), [commands]);
  useEffect(() => {
    const bindings: Record<string, (event: KeyboardEvent) => void> = {};
    for (const [combo, candidates] of combos)
      bindings[combo] = (event) => {
        const command = commandForPress(candidates, event, document.querySelector('dialog[open]') !== null);
        if (!command) return;
        event.preventDefault();
        command.run();
      };
    let listening = true;
    let unbind: (() => void) | undefined;
    // (tinykeys 3 listens in fields too: Ctrl+F works from the message box.)
    void firstIdle()
      .then(() => import('tinykeys'))
      .then(({ tinykeys }) => {
        if (listening) unbind = tinykeys(window, bindings);
      });
    return () => {
      listening = false;
      unbind?.();
    };
  }, [combos]);
}
