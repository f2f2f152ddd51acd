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

export const directionOf = (code: LocaleCode) => LOCALES.find((locale) => locale.code === code)!.dir;

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
