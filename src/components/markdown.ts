import { Marked } from 'marked';
import DOMPurify from 'dompurify';

// Agent and tool text is untrusted. Markdown is rendered with GFM, raw HTML in it is shown as
// text (escaped by the renderer), and the result passes DOMPurify as a second line of defence.

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SAFE_URL = /^(https?:|mailto:|#|\/)/i;

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
    image({ href, text }) {
      return SAFE_URL.test(href)
        ? `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" loading="lazy">`
        : escapeHtml(text);
    },
  },
});

const cache = new Map<string, string>();
const CACHE_LIMIT = 500;

export function renderMarkdown(source: string): string {
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  const html = DOMPurify.sanitize(marked.parse(source) as string, {
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
  });
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(source, html);
  return html;
}
