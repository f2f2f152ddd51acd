import { useEffect, useRef } from 'react';
import { create } from 'zustand';

// The actions the command palette offers. Each part of the screen registers what it can do
// while it is shown (Stop only while a run goes, Export only in a conversation), so the palette
// never offers what the screen cannot do.

export interface Command {
  id: string;
  label: string;
  run: () => void;
}

interface CommandStore {
  commands: Record<string, Command>;
}

export const commandStore = create<CommandStore>(() => ({ commands: {} }));

/** Offers `label` in the palette while mounted and `enabled`; `run` may change between renders. */
export function useCommand(id: string, label: string, run: () => void, enabled = true) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!enabled) return;
    commandStore.setState((state) => ({
      commands: { ...state.commands, [id]: { id, label, run: () => latest.current() } },
    }));
    return () =>
      commandStore.setState((state) => {
        const rest = { ...state.commands };
        delete rest[id];
        return { commands: rest };
      });
  }, [id, label, enabled]);
}
