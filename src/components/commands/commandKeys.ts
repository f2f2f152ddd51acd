import type { Command } from './commands';
import { KEY_COMBOS } from './keyCombos';

// Which registered command a key press runs: the rule, apart from the listening.

/**
 * The command a press runs: the first, in the order registered, whose keys it is and whose `when`
 * takes it. None while a modal dialog is open (the dialog has the keys), for a press already
 * handled, or for one composing text.
 */
export function commandForPress(
  commands: readonly Command[],
  event: KeyboardEvent,
  dialogOpen: boolean,
): Command | undefined {
  if (dialogOpen || event.defaultPrevented || event.isComposing) return undefined;
  return commands.find(
    (command) =>
      command.keys !== undefined && KEY_COMBOS[command.keys](event) && (command.when?.(event) ?? true),
  );
}
