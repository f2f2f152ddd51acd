import { decodeEntities, languageOf, lexMarkdownOnce, safeUrl } from '../markdown/tokens';
import type { BlockToken, InlineToken, TableCell } from '../markdown/markdownTokens';
import { escapeHtml } from '../../conversation/share/shareHtml';

// Markdown as an HTML string, for a shared copy (conversation/share/shareHtml.ts): the same tokens
// the transcript draws, every word escaped, raw HTML kept as text, images only when they are data
// already (the copy loads nothing), links as links.

export function markdownHtml(source: string): string {
  return blocks(lexMarkdownOnce(source));
}

const blocks = (tokens: readonly BlockToken[]) => tokens.map(block).join('');
const inline = (tokens: readonly InlineToken[]) => tokens.map(inlineToken).join('');

function block(token: BlockToken): string {
  switch (token.type) {
    case 'paragraph':
      return `<p>${inline(token.tokens)}</p>`;
    case 'heading': {
      // Under the row's own heading: a heading in an answer is never above the copy's title.
      const depth = Math.min(Math.max(token.depth, 1) + 2, 6);
      return `<h${depth}>${inline(token.tokens)}</h${depth}>`;
    }
    case 'code': {
      const language = languageOf(token.lang);
      return `<pre${language ? ` data-language="${escapeHtml(language)}"` : ''}><code>${escapeHtml(token.text)}</code></pre>`;
    }
    case 'blockquote':
      return `<blockquote>${blocks(token.tokens)}</blockquote>`;
    case 'list': {
      const items = token.items.map((item) => `<li>${blocks(item.tokens)}</li>`).join('');
      if (!token.ordered) return `<ul>${items}</ul>`;
      const start = token.start === '' || token.start === 1 ? '' : ` start="${token.start}"`;
      return `<ol${start}>${items}</ol>`;
    }
    case 'table':
      return `<table><thead><tr>${token.header.map(cell).join('')}</tr></thead><tbody>${token.rows
        .map((row) => `<tr>${row.map(cell).join('')}</tr>`)
        .join('')}</tbody></table>`;
    case 'hr':
      return '<hr>';
    case 'text':
      return inline(token.tokens);
    case 'html':
      return `<p>${escapeHtml(token.raw.replace(/\n+$/, ''))}</p>`;
    case 'checkbox':
      return token.checked ? '☑ ' : '☐ ';
    default:
      return '';
  }
}

function cell(token: TableCell): string {
  const tag = token.header ? 'th' : 'td';
  const align = token.align ? ` style="text-align: ${token.align}"` : '';
  return `<${tag}${align}>${inline(token.tokens)}</${tag}>`;
}

function inlineToken(token: InlineToken): string {
  switch (token.type) {
    case 'text':
      return escapeHtml(decodeEntities(token.text));
    case 'escape':
      return escapeHtml(token.text);
    case 'codespan':
      return `<code>${escapeHtml(token.text)}</code>`;
    case 'strong':
      return `<strong>${inline(token.tokens)}</strong>`;
    case 'em':
      return `<em>${inline(token.tokens)}</em>`;
    case 'del':
      return `<del>${inline(token.tokens)}</del>`;
    case 'link': {
      const label = token.autolink ? escapeHtml(token.text) : inline(token.tokens);
      const href = safeUrl(token.href);
      return href === null ? label : `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${label}</a>`;
    }
    case 'image': {
      const alt = escapeHtml(decodeEntities(token.text));
      return /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(token.href)
        ? `<img src="${escapeHtml(token.href)}" alt="${alt}">`
        : alt;
    }
    case 'html':
      return escapeHtml(token.raw);
    case 'br':
      return '<br>';
    case 'checkbox':
      return token.checked ? '☑ ' : '☐ ';
  }
}
