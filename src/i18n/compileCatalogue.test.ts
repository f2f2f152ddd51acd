import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { pseudoCatalogue } from './compileCatalogue';
import { withCountWords } from './countWords';

// The pseudo-locale must read as a language: every letter changed, longer, bracketed, and its
// placeholders and plural forms still working (the pseudo-locale journey relies on all of it).

describe('the pseudo-locale', () => {
  const speak = (source: Record<string, string>) => {
    const i18n = setupI18n({ locale: 'en-XA', messages: { 'en-XA': pseudoCatalogue(source) } });
    return (id: string, values?: Record<string, unknown>) => i18n._(id, withCountWords(i18n, values));
  };

  it('accents every letter, brackets the message and makes it about a third longer', () => {
    const t = speak({ send: 'Send the message' });
    expect(t('send')).toBe('[Šéñð ţĥé ɱéššåĝé ~~~~~~]');
    expect(t('send')).not.toMatch(/[A-Za-z]/);
  });

  it('keeps placeholders and plural forms, with # as the number', () => {
    const t = speak({
      files: '{count, plural, one {# changed file} other {# changed files}} in {folder}',
    });
    expect(t('files', { count: 1, folder: '/w' })).toBe('[1 çĥåñĝéð ƒîļé îñ /w ~~~~~~~~]');
    expect(t('files', { count: 3, folder: '/w' })).toBe('[3 çĥåñĝéð ƒîļéš îñ /w ~~~~~~~~]');
  });
});
