import type { MessageId } from '../../i18n/i18n';
import 'virtual:tether-english/shortcuts';

// What the keys do, as the shortcuts sheet says it: the keys' names and what they do, each a
// message (a German keyboard says Umschalt where an English one says Shift).

export const SHORTCUTS: [keys: MessageId, what: MessageId][] = [
  ['shortcuts.keys.enter', 'shortcuts.send'],
  ['shortcuts.keys.shiftEnter', 'shortcuts.newLine'],
  ['shortcuts.keys.esc', 'shortcuts.close'],
  ['shortcuts.keys.tab', 'shortcuts.move'],
  ['shortcuts.keys.scroll', 'shortcuts.scroll'],
  ['shortcuts.keys.palette', 'shortcuts.palette'],
  ['shortcuts.keys.find', 'shortcuts.find'],
  ['shortcuts.keys.list', 'shortcuts.list'],
  ['shortcuts.keys.help', 'shortcuts.help'],
];
