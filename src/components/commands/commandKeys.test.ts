import { describe, expect, it, vi } from 'vitest';
import { combosOf, commandForPress } from './commandKeys';
import type { Command } from './commands';
import { KEY_COMBOS, type KeyName } from './keyCombos';
import { KEY_WORDS, SHORTCUTS } from '../shortcuts/shortcutList';

const command = (id: string, keys?: KeyName, when?: (event: KeyboardEvent) => boolean): Command => ({
  id,
  label: id,
  run: vi.fn(),
  keys,
  when,
  inPalette: true,
});
const press = (init: Partial<KeyboardEvent> = {}) =>
  ({ defaultPrevented: false, isComposing: false, ...init }) as KeyboardEvent;

describe('the keys of the registered commands', () => {
  it('listens for each combination of each command that has keys, and for nothing else', () => {
    const combos = combosOf([command('find', 'find'), command('shortcuts', 'help'), command('theme-dark')]);
    expect([...combos.keys()].sort()).toEqual([...KEY_COMBOS.find, ...KEY_COMBOS.help].sort());
    expect(combos.get('?')!.map((c) => c.id)).toEqual(['shortcuts']);
  });

  it('runs the first command the press is for, none when its condition says no', () => {
    const inField = command('typing', 'help', () => false);
    const outside = command('sheet', 'help', () => true);
    expect(commandForPress([inField, outside], press(), false)?.id).toBe('sheet');
    expect(commandForPress([inField], press(), false)).toBeUndefined();
  });

  it('leaves a press to an open dialog, a press already handled, and one composing text', () => {
    const stop = command('stop', 'stop');
    expect(commandForPress([stop], press(), true)).toBeUndefined();
    expect(commandForPress([stop], press({ defaultPrevented: true }), false)).toBeUndefined();
    expect(commandForPress([stop], press({ isComposing: true }), false)).toBeUndefined();
    expect(commandForPress([stop], press(), false)).toBe(stop);
  });

  it('names every key a command answers to in the shortcuts sheet, in words', () => {
    for (const name of Object.keys(KEY_COMBOS) as KeyName[]) {
      expect(KEY_WORDS[name]).toMatch(/^shortcuts\.keys\./);
      expect(SHORTCUTS.map(([keys]) => keys)).toContain(name);
    }
  });
});
