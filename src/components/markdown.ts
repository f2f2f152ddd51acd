import { Marked } from 'marked';
import DOMPurify from 'dompurify';

// Agent and tool text is untrusted. Markdown is rendered with GFM, raw HTML in it is shown as
// text (escaped by the renderer), and the result passes DOMPurify as a second line of defence.

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SAFE_URL = /^(https?:|mailto:|#|\/)/i;

type Highlighter = (code: string, language: string) => string | null;

/** Set once the highlighter chunk has loaded; until then code blocks are plain. */
let highlighter: Highlighter | null = null;
let highlighterLoad: Promise<void> | null = null;
const highlighterListeners = new Set<() => void>();
/** Blocks longer than this stay plain: highlighting them would hold up the page. */
const HIGHLIGHT_LIMIT = 20_000;
/** A fenced block that names its language: the only kind that is highlighted. */
const FENCE_WITH_LANGUAGE = /^ {0,3}(`{3,}|~{3,})[ \t]*[\w+#.-]/m;

const languageOf = (info: string | undefined) => (info ?? '').trim().split(/\s/)[0]!.toLowerCase();

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const label = this.parser.parseInline(tokens);
      if (!SAFE_URL.test(href)) return label;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(href)}"${titleAttr} target="_blank" rel="noopener noreferrer">${label}</a>`;
    },
    code({ text, lang }) {
      const language = languageOf(lang);
      const highlighted =
        highlighter && language && text.length <= HIGHLIGHT_LIMIT ? highlighter(text, language) : null;
      const languageClass = language ? ` class="language-${escapeHtml(language)}"` : '';
      // Ends with a newline, as marked's own code blocks do.
      return highlighted === null
        ? `<pre><code${languageClass}>${escapeHtml(text)}\n</code></pre>\n`
        : `<pre><code class="hljs language-${escapeHtml(language)}">${highlighted}\n</code></pre>\n`;
    },
    image({ href, text }) {
      return SAFE_URL.test(href)
        ? `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" loading="lazy">`
        : escapeHtml(text);
    },
  },
});

const cache = new Map<string, string>();
const CACHE_LIMIT = 500;

/** Whether the text has a code block that would be highlighted once the highlighter is in. */
export const hasHighlightableCode = (source: string) => FENCE_WITH_LANGUAGE.test(source);

export const highlighterReady = () => highlighter !== null;

export function subscribeToHighlighter(listener: () => void): () => void {
  highlighterListeners.add(listener);
  return () => highlighterListeners.delete(listener);
}

/** Loads the highlighter once, when the page is idle; rendered text is highlighted from then on. */
export function loadHighlighter(): Promise<void> {
  highlighterLoad ??= new Promise<void>((resolve) => {
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 50));
    whenIdle(() => resolve());
  })
    .then(() => import('./highlight'))
    .then((module) => installHighlighter(module.highlightCode))
    .catch(() => {
      // Code stays plain, as it was; a later block may try again.
      highlighterLoad = null;
    });
  return highlighterLoad;
}

/** Installs a highlighter (the loaded one, or a test's) and re-renders what is on screen. */
export function installHighlighter(next: Highlighter | null): void {
  highlighter = next;
  cache.clear();
  for (const listener of highlighterListeners) listener();
}

export function renderMarkdown(source: string): string {
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  const html = renderMarkdownOnce(source);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(source, html);
  return html;
}

/** Renders without keeping the result: for text that is never shown twice (a stream's tail). */
export function renderMarkdownOnce(source: string): string {
  return DOMPurify.sanitize(marked.parse(source) as string, {
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
  });
}
