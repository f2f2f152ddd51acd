// The keys commands answer to, by name: the combinations tinykeys listens for. Their words (what
// the shortcuts sheet and the palette show) are in shortcutList.ts, which loads with those.

export const KEY_COMBOS = {
  palette: ['$mod+KeyK'],
  find: ['$mod+KeyF'],
  // "?" comes with Shift on most layouts and without it on some.
  help: ['Shift+?', '?'],
  stop: ['Escape'],
} as const satisfies Record<string, readonly string[]>;

export type KeyName = keyof typeof KEY_COMBOS;
