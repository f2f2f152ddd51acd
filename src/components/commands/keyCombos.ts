// The keys commands answer to, by name, each a test of a key press. Their words (what the
// shortcuts sheet and the palette show) are in keyWords.ts, which loads with those.
//
// Five fixed keys, tested here rather than by a key-matching library: tinykeys (0.8 kB gzip)
// loaded lazily missed a Ctrl+K pressed as the page appeared, and loaded with the first screen it
// took the first load past its budget. Ctrl and ⌘ are both accepted for the "mod" keys, as a
// person with either keyboard presses them; `code` is used for letters, so that a layout that
// puts another letter there (or Shift) does not change the key, `key` for "?" and Escape.

type Press = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

const withMod = (code: string) => (press: Press) =>
  (press.ctrlKey || press.metaKey) && !press.altKey && !press.shiftKey && press.code === code;

export const KEY_COMBOS = {
  palette: withMod('KeyK'),
  find: withMod('KeyF'),
  // Alt beside the mod key: Ctrl+B and ⌘+B are bold in the fields a person types in.
  board: (press: Press) =>
    (press.ctrlKey || press.metaKey) && press.altKey && !press.shiftKey && press.code === 'KeyB',
  // "?" comes with Shift on most layouts and without it on some.
  help: (press: Press) => press.key === '?' && !press.ctrlKey && !press.metaKey && !press.altKey,
  stop: (press: Press) =>
    press.key === 'Escape' && !press.ctrlKey && !press.metaKey && !press.altKey && !press.shiftKey,
} satisfies Record<string, (press: Press) => boolean>;

export type KeyName = keyof typeof KEY_COMBOS;
