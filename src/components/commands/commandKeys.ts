import type { Command } from './commands';
import { KEY_COMBOS } from './keyCombos';

// Which registered command a key press runs: the rule, apart from the listening.

/** The commands each combination may run, in the order they were registered. */
export function combosOf(commands: readonly Command[]): Map<string, Command[]> {
  const combos = new Map<string, Command[]>();
  for (const command of commands) {
    if (!command.keys) continue;
    for (const combo of KEY_COMBOS[command.keys]) combos.set(combo, [...(combos.get(combo) ?? []), command]);
  }
  return combos;
}

/**
 * The command a press runs: the first whose `when` takes it. None while a modal dialog is open
 * (the dialog has the keys), unless the command says it takes the press there too.
 */
export function commandForPress(
  candidates: readonly Command[],
  event: KeyboardEvent,
  dialogOpen: boolean,
): Command | undefined {
  if (event.defaultPrevented || event.isComposing) return undefined;
  return candidates.find((command) => !dialogOpen && (command.when?.(event) ?? true));
}
