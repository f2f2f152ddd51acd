// Matches are painted with the CSS Custom Highlight API: ranges over the text nodes already on
// screen, so no row re-renders and no markup changes. Where the API is missing, the count and
// the jump still work; only the paint is missing.

const ALL = 'find-match';
const CURRENT = 'find-current';

type HighlightRegistry = Map<string, unknown>;
const registry = (): HighlightRegistry | undefined =>
  (globalThis as { CSS?: { highlights?: HighlightRegistry } }).CSS?.highlights;
const HighlightClass = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;

export function paintMatches(container: Element | null, query: string, currentRow: Element | null): void {
  const highlights = registry();
  if (!highlights || !HighlightClass) return;
  clearMatches();
  const needle = query.trim().toLowerCase();
  if (!container || !needle) return;
  const all: Range[] = [];
  const current: Range[] = [];
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.nodeValue ?? '').toLowerCase();
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      (currentRow?.contains(node) ? current : all).push(range);
    }
  }
  highlights.set(ALL, new HighlightClass(...all));
  highlights.set(CURRENT, new HighlightClass(...current));
}

export function clearMatches(): void {
  const highlights = registry();
  highlights?.delete(ALL);
  highlights?.delete(CURRENT);
}
