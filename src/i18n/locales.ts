// The languages Tether speaks. Each is named in its own language: a name is what a reader looks
// for in a list of languages they may not otherwise read.

export const LOCALES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'zh-Hans', name: '简体中文', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];

export const SOURCE_LOCALE: LocaleCode = 'en';

export const isLocaleCode = (value: unknown): value is LocaleCode =>
  LOCALES.some((locale) => locale.code === value);

/**
 * Tether's own test language: English accented, a third longer and in brackets, so that words
 * left in English stand out and longer words show where a layout breaks. Never offered in the
 * picker; chosen by storing it (the pseudo-locale journey does).
 */
export const PSEUDO_LOCALE = 'en-XA';

/** A language Tether can speak: one of its own, or the pseudo-locale. */
export type SpokenCode = LocaleCode | typeof PSEUDO_LOCALE;

export const isSpokenCode = (value: unknown): value is SpokenCode =>
  value === PSEUDO_LOCALE || isLocaleCode(value);

export const directionOf = (code: SpokenCode) =>
  code === PSEUDO_LOCALE ? 'ltr' : LOCALES.find((locale) => locale.code === code)!.dir;

/**
 * The first of the reader's languages (the browser's, in order of preference) that Tether speaks:
 * by tag (`de-AT` is German), with Chinese only where it is written in simplified characters.
 */
export function preferredLocale(languages: readonly string[]): LocaleCode {
  for (const tag of languages) {
    const [language, ...rest] = tag.toLowerCase().split('-');
    if (language === 'zh') {
      const traditional = rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part));
      if (!traditional) return 'zh-Hans';
      continue;
    }
    const found = LOCALES.find((locale) => locale.code === language);
    if (found) return found.code;
  }
  return SOURCE_LOCALE;
}
