import { useSyncExternalStore } from 'react';

// Light or dark: the system's choice unless the person picked one (kept in this browser).
// The page carries the resolved theme as data-theme on <html>; index.html sets it before the
// first paint from the same key, so a dark page never flashes light.

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_KEY = 'tether.theme';
const listeners = new Set<() => void>();
const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');

export function readThemeChoice(): ThemeChoice {
  const stored = localStorage.getItem(THEME_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

function apply() {
  document.documentElement.dataset.theme = resolveTheme(readThemeChoice(), darkQuery()?.matches ?? false);
  for (const listener of listeners) listener();
}

export function setThemeChoice(choice: ThemeChoice) {
  if (choice === 'system') localStorage.removeItem(THEME_KEY);
  else localStorage.setItem(THEME_KEY, choice);
  apply();
}

/** Follows the system's theme while the choice is "system". */
export function watchSystemTheme() {
  apply();
  darkQuery()?.addEventListener('change', apply);
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readThemeChoice);
}
