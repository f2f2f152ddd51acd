import { i18n } from './i18n';
import { SOURCE_LOCALE } from './locales';

// Numbers, lists and dates in the language spoken now, by Intl: no catalogue needed.

// Intl's formatters cost a few hundred microseconds to make: one per language and options.
const formatters = new Map<string, unknown>();
function formatter<F>(kind: string, options: object | undefined, make: (locale: string) => F): F {
  const key = `${kind}|${i18n.locale}|${JSON.stringify(options ?? {})}`;
  let made = formatters.get(key) as F | undefined;
  if (!made) formatters.set(key, (made = make(i18n.locale)));
  return made;
}

/** A number as the language spoken now writes it. */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string =>
  formatter('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(value);

/** Names in a row, as the language spoken now separates them ("a, b, c"). */
export const formatList = (items: readonly string[]): string =>
  formatter(
    'list',
    undefined,
    (locale) => new Intl.ListFormat(locale, { type: 'unit', style: 'short' }),
  ).format(items);

/** A moment as the language spoken now writes it (English with the day first, as Tether's English is British). */
export const formatDate = (date: Date, options: Intl.DateTimeFormatOptions): string =>
  formatter(
    'date',
    options,
    (locale) => new Intl.DateTimeFormat(locale === SOURCE_LOCALE ? 'en-GB' : locale, options),
  ).format(date);
