import { setupI18n, type Messages } from '@lingui/core';
import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import type englishSource from './catalogs/en.json';
import { withCountWords } from './countWords';
import {
  directionOf,
  isSpokenCode,
  preferredLocale,
  SOURCE_LOCALE,
  type LocaleCode,
  type SpokenCode,
} from './locales';

// Every word Tether says goes through here (Lingui's runtime, compiled catalogues). English is
// part of the first load (english.ts, imported first by main.tsx and by the unit tests' set-up);
// each other language is one chunk, asked for when it is first spoken. This module itself names
// no catalogue, so code that only Node loads (the bench, the real-server journeys) can import
// modules that speak: there, with no catalogue, a message is its id.

/** A message's id: a key of the English catalogue, the one every other must match. */
export type MessageId = keyof typeof englishSource;

const catalogues: Record<SpokenCode, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:tether-catalog/en'),
  de: () => import('virtual:tether-catalog/de'),
  fr: () => import('virtual:tether-catalog/fr'),
  es: () => import('virtual:tether-catalog/es'),
  ja: () => import('virtual:tether-catalog/ja'),
  'zh-Hans': () => import('virtual:tether-catalog/zh-Hans'),
  ar: () => import('virtual:tether-catalog/ar'),
  'en-XA': () => import('virtual:tether-catalog/en-XA'),
};

export const i18n = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: {} } });
const loaded = new Set<SpokenCode>();

/** A language's catalogue, there at once (English, from the first load). */
export function registerCatalogue(code: SpokenCode, messages: Messages): void {
  i18n.load(code, messages);
  loaded.add(code);
}
/** Where the chosen language is kept (index.html's kept paint reads it too). */
export const LANGUAGE_STORAGE_KEY = 'tether.language';

/** The language chosen in this browser, if one was. */
export function chosenLanguage(): SpokenCode | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isSpokenCode(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The language to speak: the one chosen here, else the first of the browser's that Tether speaks. */
export const languageToSpeak = (): SpokenCode =>
  chosenLanguage() ?? preferredLocale(navigator.languages ?? [navigator.language]);

let latest = 0;

/**
 * Speaks `code` from now on: its catalogue is loaded (one request, the first time), then every
 * component that says something draws again, and the page's `lang` and `dir` follow. Of several
 * quick choices the last wins.
 */
export async function speak(code: SpokenCode): Promise<void> {
  const request = ++latest;
  if (!loaded.has(code)) {
    registerCatalogue(code, (await catalogues[code]()).default);
  }
  if (request !== latest) return;
  i18n.activate(code);
  // Rules and their tests speak too, in Node, where there is no page.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}

/** Chooses the language for this browser (undefined: the browser's own), and speaks it. */
export function chooseLanguage(code: LocaleCode | undefined): Promise<void> {
  try {
    if (code) localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
    else localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage refused (private mode, full): the choice holds until the page closes.
  }
  return speak(code ?? languageToSpeak());
}

/** The words for `id` in the language spoken now, `{placeholders}` filled from `values`. */
export const t = (id: MessageId, values?: Record<string, unknown>): string =>
  i18n._(id, withCountWords(i18n, values));

const Spoken = createContext<SpokenCode | null>(null);

/**
 * Around the app: a change of language draws every component that speaks again, as a transition,
 * so that React does it in slices between frames rather than in one long task (a 1,000-event
 * conversation holds hundreds of such components).
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const [spoken, setSpoken] = useState(() => i18n.locale as SpokenCode);
  useEffect(() => i18n.on('change', () => startTransition(() => setSpoken(i18n.locale as SpokenCode))), []);
  return createElement(Spoken.Provider, { value: spoken }, children);
}

/** The language spoken now, in a component that draws again when it changes (under LanguageRoot). */
export const useLanguage = (): SpokenCode => useContext(Spoken) ?? (i18n.locale as SpokenCode);

/** `t`, in a component that draws again when the language changes. */
export function useT(): typeof t {
  useLanguage();
  return t;
}
