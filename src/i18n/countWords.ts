import type { I18n } from '@lingui/core';
import type { SpokenCode } from './locales';

// Lingui formats the number of every plural it renders through Intl.NumberFormat (`#` or not),
// and the first NumberFormat of a page loads ICU's number data: 10 to 26 ms of the main thread
// in a fresh browser process, measured, spent just before the first rows paint (a folded
// stretch counts its steps in a plural). So the catalogues are compiled with each plural as
// selects over variables of its own (compileCatalogue.ts), which `t` fills from here: the
// number's plural form (Intl.PluralRules, which loads no number data) and the words for it, a
// whole number under 1,000 as its ASCII digits in the languages that write it so, anything
// else as Intl does.

/** The variables a compiled plural over `name` reads: its words for `#`, exact value, form. */
export const pluralVariables = (name: string) => ({
  words: `${name}#`,
  value: `${name}#value`,
  form: `${name}#plural`,
});

/**
 * Languages whose default digits are ASCII, with no separator under 1,000. Arabic is left to
 * Intl: some browsers write it with Arabic-Indic digits (countWords.test.ts holds the others to
 * what Intl writes).
 */
const ASCII_DIGITS: ReadonlySet<SpokenCode> = new Set<SpokenCode>([
  'en',
  'en-XA',
  'de',
  'fr',
  'es',
  'ja',
  'zh-Hans',
]);

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(locale: string, value: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(value);
}

/**
 * `values` with, beside each number, what a compiled plural over it reads: its exact value, its
 * plural form, and the words its `#` shows. The form and the words are worked out only when a
 * plural reads them (Lingui reads values as properties): most numbers `t` is given fill no plural.
 */
export function withCountWords(
  i18n: I18n,
  values: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!values) return values;
  let filled: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'number') continue;
    filled ??= { ...values };
    const { words, value: exact, form } = pluralVariables(name);
    filled[exact] = String(value);
    Object.defineProperty(filled, form, { enumerable: true, get: () => pluralForm(i18n.locale, value) });
    Object.defineProperty(filled, words, {
      enumerable: true,
      get: () =>
        Number.isInteger(value) && value >= 0 && value < 1000 && ASCII_DIGITS.has(i18n.locale as SpokenCode)
          ? String(value)
          : i18n.number(value),
    });
  }
  return filled ?? values;
}
