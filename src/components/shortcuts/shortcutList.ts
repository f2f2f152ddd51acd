// What the keys do, in the words the shortcuts sheet shows.

export const SHORTCUTS: [keys: string, what: string][] = [
  ['Enter', 'Send the message'],
  ['Shift + Enter', 'New line in the message'],
  ['Esc', 'Close what is open (dialog, menu, field); in the transcript, stop the agent'],
  ['Tab / Shift + Tab', 'Move between controls; the first Tab offers “Skip to the message box”'],
  ['↑ ↓ PageUp PageDown Home End', 'Scroll the transcript when it has focus'],
  ['Ctrl/⌘ + K', 'Command palette: run an action or open a conversation'],
  ['Ctrl/⌘ + F', 'Find in the conversation (when it has focus); Enter / Shift + Enter step'],
  ['↑ ↓ in the list', 'Move between conversations; Enter opens one'],
  ['?', 'Show this list'],
];
