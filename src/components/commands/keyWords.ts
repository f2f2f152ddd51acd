import type { MessageId } from '../../i18n/i18n';
import type { KeyName } from './keyCombos';
import 'virtual:tether-english/shortcuts';

// The words of the keys commands answer to, each a message (a German keyboard says Umschalt where
// an English one says Shift): the palette shows them beside each command, and the shortcuts sheet
// lists them with the browser's own keys (shortcuts/shortcutList.ts).

export const KEY_WORDS: Record<KeyName, MessageId> = {
  palette: 'shortcuts.keys.palette',
  find: 'shortcuts.keys.find',
  board: 'shortcuts.keys.board',
  help: 'shortcuts.keys.help',
  stop: 'shortcuts.keys.esc',
};
