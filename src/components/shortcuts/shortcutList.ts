import type { MessageId } from '../../i18n/i18n';
import type { KeyName } from '../commands/keyCombos';
import { KEY_WORDS } from '../commands/keyWords';
import 'virtual:tether-english/shortcuts';

// What the keys do, as the shortcuts sheet says it: the keys' names and what they do, each a
// message. The keys commands answer to are named here by their name in keyCombos.ts, so the
// sheet, the palette and the listening share one list (their words: commands/keyWords.ts); the
// others are the browser's own controls' keys.

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
  ['board', 'shortcuts.board'],
  ['shortcuts.keys.list', 'shortcuts.list'],
  ['help', 'shortcuts.help'],
];

/** A line's keys in words. */
export const keyWords = (keys: KeyName | MessageId): MessageId =>
  keys in KEY_WORDS ? KEY_WORDS[keys as KeyName] : (keys as MessageId);
