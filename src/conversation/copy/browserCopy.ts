import type { EventCopy } from './eventCopy';

// The browser's copy, loaded after the first paint: its code (and IndexedDB's wrapper) is not in
// the first load, and a browser without IndexedDB pays for nothing but this file.

let opening: Promise<EventCopy | undefined> | undefined;

export function browserCopy(): Promise<EventCopy | undefined> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(undefined);
  opening ??= import('./eventCopy').then(({ EventCopy }) => EventCopy.open()).catch(() => undefined);
  return opening;
}

/** How many of the copy's newest events are painted at once: the first history page's worth. */
export const PAINTED_FROM_COPY = 100;

/** How much the copy may hold, in bytes of JSON: a setting, kept in this browser. */
export const COPY_LIMITS_MB = [20, 100, 500] as const;
export type CopyLimitMb = (typeof COPY_LIMITS_MB)[number];
const LIMIT_KEY = 'tether.copyLimitMb';
const DEFAULT_LIMIT_MB: CopyLimitMb = 100;

/** The limit chosen; a number stored by hand (a test, a developer) counts too. */
export function copyLimitMb(): number {
  try {
    const stored = Number(localStorage.getItem(LIMIT_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : DEFAULT_LIMIT_MB;
  } catch {
    return DEFAULT_LIMIT_MB;
  }
}

export function setCopyLimitMb(limit: CopyLimitMb): void {
  localStorage.setItem(LIMIT_KEY, String(limit));
}

export const copyLimitBytes = () => copyLimitMb() * 1024 * 1024;
