import type { MessageId } from '../../i18n/i18n';
import type { KeyName } from '../commands/keyCombos';
import 'virtual:tether-english/shortcuts';

// What the keys do, as the shortcuts sheet says it: the keys' names and what they do, each a
// message (a German keyboard says Umschalt where an English one says Shift). The keys commands
// answer to are named here by their name in keyCombos.ts, so the sheet, the palette and the
// listening share one list; the others are the browser's own controls' keys.

/** The words of the keys each command answers to (the palette shows them beside the command). */
export const KEY_WORDS: Record<KeyName, MessageId> = {
  palette: 'shortcuts.keys.palette',
  find: 'shortcuts.keys.find',
  help: 'shortcuts.keys.help',
  stop: 'shortcuts.keys.esc',
};

type Line = [keys: KeyName | MessageId, what: MessageId];

/** The sheet, in the order a person meets the keys. */
export const SHORTCUTS: Line[] = [
  ['shortcuts.keys.enter', 'shortcuts.send'],
  ['shortcuts.keys.shiftEnter', 'shortcuts.newLine'],
  ['stop', 'shortcuts.close'],
  ['shortcuts.keys.tab', 'shortcuts.move'],
  ['shortcuts.keys.scroll', 'shortcuts.scroll'],
  ['palette', 'shortcuts.palette'],
  ['find', 'shortcuts.find'],
  ['shortcuts.keys.list', 'shortcuts.list'],
  ['help', 'shortcuts.help'],
];

/** A line's keys in words. */
export const keyWords = (keys: KeyName | MessageId): MessageId =>
  keys in KEY_WORDS ? KEY_WORDS[keys as KeyName] : (keys as MessageId);
