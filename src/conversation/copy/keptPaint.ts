// What a conversation looked like when this browser last showed it, kept so that the next load of
// its address paints it before any of the app's scripts has run: `index.html`'s second script
// reads it and draws it in a closed shadow root over the page, inert and hidden from assistive
// technology, until the app's own first screen replaces it (components/browserCopy/
// keptPaintDrop.ts). A conversation's persisted rows do not change, so what it shows stays true; what may have moved since (the
// connection, a run's state, banners) is hidden while it shows. It is kept beside the browser's
// copy, and goes with it: cleared with it, and with the conversation's copy when that is forgotten.

/** The key of an address's paint (its path and query); index.html reads the same. */
export const PAINT_PREFIX = 'tether.paint:';
/** Which addresses have a paint kept, oldest first. */
const INDEX = 'tether.paints';
/** Paints kept at most: the conversations opened last. */
const MOST_KEPT = 3;
/**
 * A paint larger than this is not kept (its HTML and style text: the mock's 1,000- and
 * 10,000-event bench conversations keep about 61 kB each, half of it the style text).
 */
export const MOST_PAINT_CHARACTERS = 600_000;

export interface KeptPaint {
  /** The app root's inner HTML, with what a person typed taken out. */
  html: string;
  /** The rules of the style sheets the page had, as text. */
  styles: string;
  /** The server and conversation it shows: a server removed since is not painted. */
  serverUrl: string;
  conversation: string;
  /** The newest row's event id. */
  newest: string;
  /** The window it was drawn for: another size would draw it otherwise. */
  width: number;
  height: number;
  /**
   * The language chosen then (none: the browser's), and what it made. (Not the browser's own:
   * it changes with the system's, seldom; and a page being left may not report it as it is.)
   */
  language: string | null;
  lang: string;
  dir: string;
}

interface Entry {
  path: string;
  conversation: string;
}

function readIndex(): Entry[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(INDEX) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (entry): entry is Entry =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as Entry).path === 'string' &&
        typeof (entry as Entry).conversation === 'string',
    );
  } catch {
    return [];
  }
}

function writeIndex(entries: Entry[]): void {
  if (entries.length === 0) localStorage.removeItem(INDEX);
  else localStorage.setItem(INDEX, JSON.stringify(entries));
}

/** What this page last wrote for each address: a view still as it was is not written again. */
const written = new Map<string, string>();

/** Keeps how an address's conversation looks now; the least recently kept go past three. */
export function keepPaint(path: string, paint: KeptPaint): void {
  try {
    const index = readIndex();
    const kept = JSON.stringify(paint);
    if (index.at(-1)?.path === path && written.get(path) === kept) return;
    const others = index.filter((entry) => entry.path !== path);
    if (paint.html.length + paint.styles.length > MOST_PAINT_CHARACTERS) {
      written.delete(path);
      localStorage.removeItem(PAINT_PREFIX + path);
      writeIndex(others);
      return;
    }
    const entries = [...others, { path, conversation: paint.conversation }];
    for (const gone of entries.splice(0, Math.max(0, entries.length - MOST_KEPT))) {
      localStorage.removeItem(PAINT_PREFIX + gone.path);
      written.delete(gone.path);
    }
    localStorage.setItem(PAINT_PREFIX + path, kept);
    written.set(path, kept);
    writeIndex(entries);
  } catch {
    // Storage full or refused: the next load paints when the app does, as without it.
    forgetPaint(path);
  }
}

/** An address's paint goes: what it showed may not be what opens (it was left elsewhere). */
export function forgetPaint(path: string): void {
  written.delete(path);
  try {
    localStorage.removeItem(PAINT_PREFIX + path);
    writeIndex(readIndex().filter((entry) => entry.path !== path));
  } catch {
    // No storage: nothing kept.
  }
}

/** A conversation's paints go, at every address it had (its copy is forgotten). */
export function forgetPaintsOf(conversation: string): void {
  for (const entry of readIndex()) if (entry.conversation === conversation) forgetPaint(entry.path);
}

/** Every paint goes (the browser's copy is cleared). */
export function forgetPaints(): void {
  written.clear();
  try {
    for (const entry of readIndex()) localStorage.removeItem(PAINT_PREFIX + entry.path);
    localStorage.removeItem(INDEX);
  } catch {
    // No storage: nothing kept.
  }
}
