import type { KeptPaint } from '../../conversation/copy/keptPaint';
import { LANGUAGE_STORAGE_KEY } from '../../i18n/i18n';

// How the conversation on screen looks, for the next load of its address to paint before any
// script (conversation/copy/keptPaint.ts). Only what that load would open to: the transcript at
// its end (a conversation always opens at its newest rows) and no dialog open. Nothing the person
// typed is kept (a draft, a field's value), nor an image whose address dies with the page.

/** The transcript's bottom counts as its end within this many pixels (sub-pixel scrolling). */
const AT_END_PX = 2;

export type PaintCapture =
  | { kind: 'paint'; paint: KeptPaint }
  /** What is on screen is not what the address opens to: no paint should stand for it. */
  | { kind: 'not-at-end' }
  /** Nothing to keep now (no rows yet, a dialog open): what was kept stays. */
  | { kind: 'not-now' };

export function capturePaint(
  root: HTMLElement,
  { serverUrl, conversation }: { serverUrl: string; conversation: string },
): PaintCapture {
  const scroller = root.querySelector('.chat-scroll');
  const rows = root.querySelectorAll('.chat-row[data-event-id]');
  const newest = rows[rows.length - 1]?.getAttribute('data-event-id');
  if (!scroller || !newest) return { kind: 'not-now' };
  if (root.querySelector('dialog[open]') || Array.from(root.querySelectorAll('[popover]')).some(isOpen))
    return { kind: 'not-now' };
  if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight > AT_END_PX)
    return { kind: 'not-at-end' };
  const clone = root.cloneNode(true) as HTMLElement;
  for (const field of clone.querySelectorAll('input, textarea, select')) {
    field.removeAttribute('value');
    if (field instanceof HTMLTextAreaElement) field.textContent = '';
  }
  for (const image of clone.querySelectorAll('img[src^="blob:"]')) image.removeAttribute('src');
  return {
    kind: 'paint',
    paint: {
      html: clone.innerHTML,
      styles: styleText(),
      serverUrl,
      conversation,
      newest,
      width: window.innerWidth,
      height: window.innerHeight,
      language: localStorage.getItem(LANGUAGE_STORAGE_KEY),
      lang: document.documentElement.lang,
      dir: document.documentElement.dir || 'ltr',
    },
  };
}

function isOpen(popover: Element): boolean {
  try {
    return popover.matches(':popover-open');
  } catch {
    // A browser without popovers has none open.
    return false;
  }
}

/** The style text last made, and the sheets it was made of: a lazy part's sheet adds one. */
let styles: { sheets: StyleSheet[]; text: string } | undefined;

/**
 * Every rule the page's style sheets hold, as text: drawn from a link, the paint would wait for
 * each sheet's load event, which waits for the main thread (tens of milliseconds at the page's
 * start), or show unstyled until then. About 30 kB; the sheets name no url(). Made again only
 * when the page's sheets have changed.
 */
function styleText(): string {
  const sheets = Array.from(document.styleSheets);
  if (styles?.sheets.length === sheets.length && styles.sheets.every((sheet, at) => sheet === sheets[at]))
    return styles.text;
  const text = sheets
    .map((sheet) => {
      try {
        return Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
      } catch {
        // A sheet of another origin (none is): left out rather than read.
        return '';
      }
    })
    .join('\n');
  styles = { sheets, text };
  return text;
}
