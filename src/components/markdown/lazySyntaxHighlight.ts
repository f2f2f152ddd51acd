// Code blocks are highlighted once the highlighter chunk has loaded (in the first idle moment
// after a block that names its language is on screen); until then they are plain.

type Highlighter = (code: string, language: string) => string | null;

let highlighter: Highlighter | null = null;
let highlighterLoad: Promise<void> | null = null;
const listeners = new Set<() => void>();
/** Blocks longer than this stay plain: highlighting them would hold up the page. */
const HIGHLIGHT_LIMIT = 20_000;
/** A fenced block that names its language: the only kind that is highlighted. */
const FENCE_WITH_LANGUAGE = /^ {0,3}(`{3,}|~{3,})[ \t]*[\w+#.-]/m;

/** Whether the text has a code block that would be highlighted once the highlighter is in. */
export const hasHighlightableCode = (source: string) => FENCE_WITH_LANGUAGE.test(source);

export const highlighterReady = () => highlighter !== null;

export function subscribeToHighlighter(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The code as highlight.js HTML (its spans around escaped text), or null when it stays plain:
 * no highlighter yet, no language, a language it does not bundle, or a block too long.
 */
export function highlightedHtml(code: string, language: string): string | null {
  if (!highlighter || !language || code.length > HIGHLIGHT_LIMIT) return null;
  return highlighter(code, language);
}

/** Loads the highlighter once, when the page is idle; code on screen is highlighted from then on. */
export function loadHighlighter(): Promise<void> {
  highlighterLoad ??= new Promise<void>((resolve) => {
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 50));
    whenIdle(() => resolve());
  })
    .then(() => import('../syntax/syntaxHighlight'))
    .then((module) => installHighlighter(module.highlightCode))
    .catch(() => {
      // Code stays plain, as it was; a later block may try again.
      highlighterLoad = null;
    });
  return highlighterLoad;
}

/** Installs a highlighter (the loaded one, or a test's) and re-renders the code on screen. */
export function installHighlighter(next: Highlighter | null): void {
  highlighter = next;
  for (const listener of listeners) listener();
}
