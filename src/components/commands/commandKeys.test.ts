import { describe, expect, it, vi } from 'vitest';
import { commandForPress } from './commandKeys';
import type { Command } from './commands';
import { KEY_COMBOS, type KeyName } from './keyCombos';
import { KEY_WORDS } from './keyWords';
import { SHORTCUTS } from '../shortcuts/shortcutList';

const command = (id: string, keys?: KeyName, when?: (event: KeyboardEvent) => boolean): Command => ({
  id,
  label: id,
  run: vi.fn(),
  keys,
  when,
  inPalette: true,
});
const press = (init: Partial<KeyboardEvent> = {}) =>
  ({
    key: '',
    code: '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    defaultPrevented: false,
    isComposing: false,
    ...init,
  }) as KeyboardEvent;

describe('the keys of the registered commands', () => {
  it('runs a command by its keys: Ctrl or ⌘ with the letter, ? with or without Shift, Esc alone', () => {
    const palette = command('palette', 'palette');
    const find = command('find', 'find');
    const sheet = command('shortcuts', 'help');
    const stop = command('stop', 'stop');
    const all = [palette, find, sheet, stop, command('theme-dark')];
    expect(commandForPress(all, press({ code: 'KeyK', ctrlKey: true }), false)).toBe(palette);
    expect(commandForPress(all, press({ code: 'KeyK', metaKey: true }), false)).toBe(palette);
    expect(commandForPress(all, press({ code: 'KeyK' }), false)).toBeUndefined();
    expect(
      commandForPress(all, press({ code: 'KeyK', ctrlKey: true, shiftKey: true }), false),
    ).toBeUndefined();
    expect(commandForPress(all, press({ code: 'KeyF', ctrlKey: true }), false)).toBe(find);
    expect(commandForPress(all, press({ key: '?', shiftKey: true }), false)).toBe(sheet);
    expect(commandForPress(all, press({ key: '?' }), false)).toBe(sheet);
    expect(commandForPress(all, press({ key: '?', ctrlKey: true }), false)).toBeUndefined();
    expect(commandForPress(all, press({ key: 'Escape' }), false)).toBe(stop);
    expect(commandForPress(all, press({ key: 'Escape', shiftKey: true }), false)).toBeUndefined();
  });

  it('runs the first command the press is for, none when its condition says no', () => {
    const inField = command('typing', 'help', () => false);
    const outside = command('sheet', 'help', () => true);
    expect(commandForPress([inField, outside], press({ key: '?' }), false)?.id).toBe('sheet');
    expect(commandForPress([inField], press({ key: '?' }), false)).toBeUndefined();
  });

  it('leaves a press to an open dialog, a press already handled, and one composing text', () => {
    const stop = command('stop', 'stop');
    const escape = { key: 'Escape' };
    expect(commandForPress([stop], press(escape), true)).toBeUndefined();
    expect(commandForPress([stop], press({ ...escape, defaultPrevented: true }), false)).toBeUndefined();
    expect(commandForPress([stop], press({ ...escape, isComposing: true }), false)).toBeUndefined();
    expect(commandForPress([stop], press(escape), false)).toBe(stop);
  });

  it('names every key a command answers to in the shortcuts sheet, in words', () => {
    for (const name of Object.keys(KEY_COMBOS) as KeyName[]) {
      expect(KEY_WORDS[name]).toMatch(/^shortcuts\.keys\./);
      expect(SHORTCUTS.map(([keys]) => keys)).toContain(name);
    }
  });
});
