import { lexBlocks } from './blockLexer';
import type { BlockToken } from './markdownTokens';

// Agent and tool text is untrusted, so markdown is never turned into HTML: it is cut into
// tokens here and drawn as React elements (Markdown.tsx), where every piece of text is text.
// Raw HTML in the source stays visible as text.

const cache = new Map<string, readonly BlockToken[]>();
const CACHE_LIMIT = 500;

/** The block tokens of `source`, kept by text: rows re-render far more often than text changes. */
export function lexMarkdown(source: string): readonly BlockToken[] {
  const hit = cache.get(source);
  if (hit) return hit;
  const tokens = lexMarkdownOnce(source);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(source, tokens);
  return tokens;
}

/** Lexes without keeping the result: for text that is never shown twice (a stream's tail). */
export function lexMarkdownOnce(source: string): readonly BlockToken[] {
  return lexBlocks(source);
}

const ENTITY = /&(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[a-zA-Z][a-zA-Z\d]{1,31});/;
let decoder: HTMLTextAreaElement | null = null;

/**
 * Markdown text may spell characters as HTML entities (`&amp;`, `&#8212;`), which a browser
 * shows as the character. A textarea's content is plain text to the parser (no element is
 * created, nothing runs), so its value is the decoded text.
 */
export function decodeEntities(text: string): string {
  if (!ENTITY.test(text)) return text;
  decoder ??= document.createElement('textarea');
  decoder.innerHTML = text;
  return decoder.value;
}

const SAFE_URL = /^(https?:|mailto:|#|\/)/i;

/** A link or image address that may be followed: web, mail, or within the page. */
export const safeUrl = (href: string): string | null => (SAFE_URL.test(href.trim()) ? href.trim() : null);

export const languageOf = (info: string | undefined) => (info ?? '').trim().split(/\s/)[0]!.toLowerCase();
