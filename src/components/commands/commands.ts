import { useCallback, useEffect, useRef } from 'react';
import { create } from 'zustand';
import type { KeyName } from './keyCombos';

// The one registry of what can be done now. Each part of the screen registers what it can do
// while it is shown (Stop only while a run goes, Export only in a conversation); the palette
// offers it, its keys run it (useCommandKeys.ts), the shortcuts sheet and the palette name those
// keys (shortcutList.ts), and a button that does the same thing calls the same `run`. So nothing
// offers what the screen cannot do, and a key never does something other than its button.

export interface Command {
  id: string;
  label: string;
  run: () => void;
  /** The keys that run it, by name (keyCombos.ts), if any. */
  keys?: KeyName;
  /** Whether this press is for it: where focus is, what else is open. Any press when absent. */
  when?: (event: KeyboardEvent) => boolean;
  /** Offered in the palette (all but the palette itself). */
  inPalette: boolean;
}

export interface CommandKeys {
  keys: KeyName;
  when?: (event: KeyboardEvent) => boolean;
  inPalette?: boolean;
}

interface CommandStore {
  commands: Record<string, Command>;
}

export const commandStore = create<CommandStore>(() => ({ commands: {} }));

/**
 * Registers `label` while mounted and `enabled`; `run` and `when` may change between renders.
 * Returns a stable function that runs the command, for the button that does the same.
 */
export function useCommand(
  id: string,
  label: string,
  run: () => void,
  enabled = true,
  binding?: CommandKeys,
): () => void {
  const latest = useRef({ run, when: binding?.when });
  latest.current = { run, when: binding?.when };
  const keys = binding?.keys;
  const inPalette = binding?.inPalette ?? true;
  const hasWhen = binding?.when !== undefined;
  useEffect(() => {
    if (!enabled) return;
    const command: Command = {
      id,
      label,
      run: () => latest.current.run(),
      keys,
      when: hasWhen ? (event) => latest.current.when?.(event) ?? true : undefined,
      inPalette,
    };
    commandStore.setState((state) => ({ commands: { ...state.commands, [id]: command } }));
    return () =>
      commandStore.setState((state) => {
        const rest = { ...state.commands };
        delete rest[id];
        return { commands: rest };
      });
  }, [id, label, enabled, keys, inPalette, hasWhen]);
  return useCallback(() => latest.current.run(), []);
}
