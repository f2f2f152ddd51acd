import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileCatalogue } from './compileCatalogue';
import { withCountWords } from './countWords';
import { LOCALES } from './locales';

// A plural's `#` is filled by `t` rather than by Lingui (countWords.ts): every message of every
// language must read exactly as Lingui writes it, for every kind of number.

const source = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'catalogs', `${code}.json`), 'utf8'));

/** Every argument a message names. */
function names(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , branches] = token as [string, string?, Record<string, unknown>?];
      found.add(name);
      if (branches && typeof branches === 'object') Object.values(branches).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return [...found];
}

const NUMBERS = [0, 1, 2, 3, 5, 11, 21, 100, 999, 1000, 1234, 1_000_000, -1, 2.5];

afterEach(() => vi.restoreAllMocks());

describe("a plural's number", () => {
  // (The pseudo-locale's `#` is checked in compileCatalogue.test.ts.)
  const languages = LOCALES.map((locale) => locale.code);

  it.each(languages)('reads as Lingui writes it, in every message of %s', (code) => {
    const messages = source(code);
    const compiled = compileCatalogue(messages);
    const asLingui: Messages = Object.fromEntries(
      Object.entries(messages).map(([id, m]) => [id, compileMessage(m)]),
    );
    const ours = setupI18n({ locale: code, messages: { [code]: compiled } });
    const lingui = setupI18n({ locale: code, messages: { [code]: asLingui } });
    let plurals = 0;
    for (const [id, message] of Object.entries(messages)) {
      if (!message.includes('#')) continue;
      plurals += 1;
      for (const value of NUMBERS) {
        const values = Object.fromEntries(names(message).map((name) => [name, value]));
        expect(ours._(id, withCountWords(ours, values)), `${id} with ${value}`).toBe(lingui._(id, values));
      }
    }
    expect(plurals).toBeGreaterThan(10);
  });

  it('is written without Intl when it is a small whole number in English', () => {
    const steps = '{count, plural, one {# step} other {# steps}}';
    const ours = setupI18n({ locale: 'en', messages: { en: compileCatalogue({ steps }) } });
    const lingui = setupI18n({ locale: 'en', messages: { en: { steps: compileMessage(steps) } } });
    // Intl's formatters hand out their format function through a getter: each use reads it.
    const formatted = vi.spyOn(
      // Typed as a value: vitest spies on the getters of values only.
      Intl.NumberFormat.prototype as unknown as { format: unknown },
      'format',
      'get',
    );
    expect(ours._('steps', withCountWords(ours, { count: 12 }))).toBe('12 steps');
    expect(formatted).not.toHaveBeenCalled();
    expect(lingui._('steps', { count: 12 })).toBe('12 steps');
    expect(formatted).toHaveBeenCalled();
    expect(ours._('steps', withCountWords(ours, { count: 12_345 }))).toBe('12,345 steps');
  });
});
