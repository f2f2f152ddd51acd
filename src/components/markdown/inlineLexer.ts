import type { InlineToken } from './markdownTokens';

// The inline part of GFM, as marked reads it where the two agree with CommonMark: escapes, code
// spans, autolinks (bracketed and bare), raw HTML (kept as text), links and images (inline and by
// reference), hard breaks, and emphasis, strong and strikethrough by the CommonMark delimiter
// rules, so an underscore inside a word (`snake_case_name`) stays an underscore.

export interface LinkDefinition {
  href: string;
  title: string | null;
}

/** Reference definitions by label key (`[label]: /address "title"`). */
export type Definitions = ReadonlyMap<string, LinkDefinition>;

/** Labels match regardless of case and of how their whitespace runs. */
export const labelKey = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

/** A run of `*`, `_` or `~` that may open or close emphasis, until the runs are paired. */
interface Run {
  type: 'run';
  char: string;
  count: number;
  length: number;
  open: boolean;
  close: boolean;
}

type Node = InlineToken | Run;

// Where something other than plain text may start: the next place to look at.
const NEXT = /[\\`<![*_~\n]/g;
// Where a bare address may start in text: a web address anywhere, a `www.` one after a space or
// an opening mark, an e-mail address at the start of its word.
const BARE_START =
  /(?:https?|ftp):\/\/|(?<![^\s*_~(])www\.|(?<![a-zA-Z0-9.+-])[a-zA-Z0-9.+-][a-zA-Z0-9._+-]*@/g;
const BARE_URL = /(?:https?:\/\/|ftp:\/\/|www\.)[a-zA-Z0-9-]+(?:\.?[a-zA-Z0-9-]+)*[^\s<]*/y;
const BARE_EMAIL = /[a-zA-Z0-9._+-]+@[a-zA-Z0-9_-]+(?:\.[a-zA-Z0-9_-]+)+/y;
// What of a bare address is kept: up to an unmatched `(`, without the punctuation that ends a
// sentence, an unmatched `)` or an entity at its end.
const URL_KEPT = /(?:[^?!.,:;*_'"~()&]+|\([^)]*\)|&(?![a-zA-Z0-9]+;$)|[?!.,:;*_'"~)]+(?!$))+/y;
const URI_AUTOLINK = /<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/y;
const EMAIL_AUTOLINK =
  /<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/y;
const ATTRIBUTE = `\\s+[a-zA-Z_:][\\w.:-]*(?:\\s*=\\s*(?:[^\\s"'=<>\`]+|'[^']*'|"[^"]*"))?`;
export const INLINE_HTML = new RegExp(
  `<(?:[a-zA-Z][a-zA-Z0-9-]*(?:${ATTRIBUTE})*\\s*/?>|/[a-zA-Z][a-zA-Z0-9-]*\\s*>|!---?>|!--[\\s\\S]*?-->|\\?[\\s\\S]*?\\?>|![a-zA-Z][^>]*>|!\\[CDATA\\[[\\s\\S]*?\\]\\]>)`,
  'y',
);
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const SPACE = /\s/;
const LINE_START = /[ \t]*/y;

function sticky(pattern: RegExp, source: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(source);
}

/** Backslash escapes of ASCII punctuation, undone (in addresses and titles). */
export const unescapePunctuation = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

export function lexInline(source: string, definitions: Definitions, inLink = false): InlineToken[] {
  const nodes: Node[] = [];
  // Backtick runs by length, and where from none closes them: not looked for again past there.
  const unclosed: Unclosed = new Map();
  // Where each label ends, read once for the whole text when the first `[` asks.
  let ends: Int32Array | undefined;
  const labelEndOf = (bracket: number) => (ends ??= labelEnds(source, unclosed))[bracket]!;
  let text = '';
  const push = (node: Node) => {
    if (text) nodes.push({ type: 'text', text });
    text = '';
    nodes.push(node);
  };
  let at = 0;
  while (at < source.length) {
    NEXT.lastIndex = at;
    const next = NEXT.exec(source);
    if (!next) {
      text += source.slice(at);
      break;
    }
    text += source.slice(at, next.index);
    at = next.index;
    const char = source[at]!;
    let taken: [Node, number] | null = null;
    if (char === '\\') {
      const escaped = source[at + 1];
      if (escaped === '\n') taken = [{ type: 'br' }, at + 2];
      else if (escaped !== undefined && ASCII_PUNCTUATION.test(escaped))
        taken = [{ type: 'escape', text: escaped }, at + 2];
    } else if (char === '`') taken = codeSpan(source, at, unclosed);
    else if (char === '<') taken = angleBracketed(source, at);
    else if (char === '[' || (char === '!' && source[at + 1] === '['))
      taken = inLink && char === '[' ? null : link(source, at, definitions, labelEndOf);
    else if (char === '\n') {
      // Spaces are plain text, so those before the line's end are the text's last (read from the
      // source: indexing the text being built would flatten it at every line).
      let trailing = 0;
      while (trailing < text.length && ' \t'.includes(source[at - 1 - trailing]!)) trailing++;
      if (trailing) text = text.slice(0, text.length - trailing);
      at = sticky(LINE_START, source, at + 1)![0].length + at + 1;
      if (trailing >= 2) push({ type: 'br' });
      else text += '\n';
      continue;
    } else if (char !== '!') taken = run(source, at);
    if (taken) {
      push(taken[0]);
      at = taken[1];
    } else {
      text += char;
      at += 1;
    }
  }
  if (text) nodes.push({ type: 'text', text });
  return pairRuns(nodes, !inLink);
}

type Unclosed = Map<number, number>;

function codeSpan(source: string, at: number, unclosed: Unclosed): [Node, number] {
  const opening = sticky(/`+/y, source, at)![0];
  const closing = new RegExp(`(?<!\`)${opening}(?!\`)`, 'g');
  closing.lastIndex = at + opening.length;
  const end = at >= (unclosed.get(opening.length) ?? Infinity) ? null : closing.exec(source);
  if (!end) {
    unclosed.set(opening.length, Math.min(at, unclosed.get(opening.length) ?? Infinity));
    return [{ type: 'text', text: opening }, at + opening.length];
  }
  let code = source.slice(at + opening.length, end.index).replace(/\n/g, ' ');
  if (/^ [\s\S]*[^ ][\s\S]* $/.test(code)) code = code.slice(1, -1);
  return [{ type: 'codespan', text: code }, end.index + opening.length];
}

function angleBracketed(source: string, at: number): [Node, number] | null {
  const uri = sticky(URI_AUTOLINK, source, at);
  const email = uri ? null : sticky(EMAIL_AUTOLINK, source, at);
  const address = uri ?? email;
  if (address) {
    const written = address[1]!;
    return [autolink(written, email ? `mailto:${written}` : written), at + address[0].length];
  }
  const html = sticky(INLINE_HTML, source, at);
  return html ? [{ type: 'html', raw: html[0] }, at + html[0].length] : null;
}

const autolink = (written: string, href: string): InlineToken => ({
  type: 'link',
  href,
  text: written,
  autolink: true,
  tokens: [{ type: 'text', text: written }],
});

/** Text with its bare web and e-mail addresses as links, without the punctuation that ends a sentence. */
function withBareLinks(text: string): InlineToken[] {
  const tokens: InlineToken[] = [];
  let from = 0;
  BARE_START.lastIndex = 0;
  for (let start = BARE_START.exec(text); start; start = BARE_START.exec(text)) {
    const email = start[0].endsWith('@');
    let written = sticky(email ? BARE_EMAIL : BARE_URL, text, start.index)?.[0] ?? '';
    if (email && /[-_]$/.test(written)) written = '';
    for (let before = ''; !email && before !== written;) {
      before = written;
      written = sticky(URL_KEPT, written, 0)?.[0] ?? '';
    }
    if (!written) {
      BARE_START.lastIndex = start.index + 1;
      continue;
    }
    if (start.index > from) tokens.push({ type: 'text', text: text.slice(from, start.index) });
    tokens.push(
      autolink(
        written,
        email ? `mailto:${written}` : written.startsWith('www.') ? `http://${written}` : written,
      ),
    );
    from = BARE_START.lastIndex = start.index + written.length;
  }
  if (from < text.length) tokens.push({ type: 'text', text: text.slice(from) });
  return tokens;
}

// How far a link's text is looked for: an unclosed `[` in a long text would otherwise cost a
// scan to its end, for each one.
const LABEL_LIMIT = 5000;

/**
 * Where the label of each `[` ends: its `]`, or -1 (none, or not within LABEL_LIMIT). One pass for
 * the whole text, skipping escapes and code spans, with brackets nesting: asking from every `[` in
 * turn read up to LABEL_LIMIT characters each time, seconds for a line of 50,000 `[`.
 */
function labelEnds(source: string, unclosed: Unclosed): Int32Array {
  const ends = new Int32Array(source.length).fill(-1);
  const open: number[] = [];
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === '\\') index++;
    else if (char === '`') index = codeSpan(source, index, unclosed)[1] - 1;
    else if (char === '[') open.push(index);
    else if (char === ']') {
      const start = open.pop();
      if (start !== undefined && index < start + 1 + LABEL_LIMIT) ends[start] = index;
    }
  }
  return ends;
}

const DESTINATION_AND_TITLE =
  /\(\s*(?:<((?:\\.|[^\n<>\\])*)>|((?:\\.|[^\s()\\]|\((?:\\.|[^\s()\\])*\))*))(?:\s+("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\((?:\\.|[^()\\])*\)))?\s*\)/y;

/** `[text](address "title")`, `[text][label]`, `[label][]` or `[label]`, and images (`![…]`). */
function link(
  source: string,
  at: number,
  definitions: Definitions,
  labelEndOf: (bracket: number) => number,
): [Node, number] | null {
  const image = source[at] === '!';
  const labelStart = at + (image ? 2 : 1);
  const end = labelEndOf(labelStart - 1);
  if (end < 0) return null;
  const label = source.slice(labelStart, end);
  let target: LinkDefinition | undefined;
  let after = end + 1;
  const inline = sticky(DESTINATION_AND_TITLE, source, after);
  if (inline) {
    const title = inline[3];
    target = {
      href: unescapePunctuation(inline[1] ?? inline[2] ?? ''),
      title: title ? unescapePunctuation(title.slice(1, -1)) : null,
    };
    after += inline[0].length;
  } else {
    const reference = /\[((?:\\.|[^\\[\]]){0,999})\]/y;
    const full = sticky(reference, source, after);
    const key = labelKey(full?.[1] || label);
    target = key ? definitions.get(key) : undefined;
    if (full && target) after += full[0].length;
  }
  if (!target) return null;
  const { href, title } = target;
  const token: InlineToken = image
    ? { type: 'image', href, title, text: label }
    : { type: 'link', href, title, text: label, tokens: lexInline(label, definitions, true) };
  return [token, after];
}

const isSpace = (char: string) => SPACE.test(char);
const isPunctuation = (char: string) => PUNCTUATION.test(char);

/** The code point before `at`, or a newline at the start. */
function charBefore(source: string, at: number): string {
  if (at === 0) return '\n';
  const code = source.charCodeAt(at - 1);
  return code >= 0xdc00 && code <= 0xdfff && at > 1 ? source.slice(at - 2, at) : source[at - 1]!;
}

function run(source: string, at: number): [Node, number] {
  const char = source[at]!;
  let end = at;
  while (source[end] === char) end++;
  const length = end - at;
  const before = charBefore(source, at);
  const after = end < source.length ? String.fromCodePoint(source.codePointAt(end)!) : '\n';
  const left = !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before));
  const right = !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after));
  let open = left;
  let close = right;
  if (char === '_') {
    open = left && (!right || isPunctuation(before));
    close = right && (!left || isPunctuation(after));
  } else if (char === '~' && length > 2) open = close = false;
  return [{ type: 'run', char, count: length, length, open, close }, end];
}

/**
 * Pairs the runs into emphasis, strong and strikethrough (CommonMark's "process emphasis"). The
 * nodes are a linked list over their indices, so a pair replaces what lies between its runs in
 * time that grows with what it encloses: splicing an array made `**a_b*` repeated 50,000 times
 * take a minute and a half.
 */
function pairRuns(nodes: Node[], bareLinks: boolean): InlineToken[] {
  const END = nodes.length;
  const next = Int32Array.from({ length: END }, (_, index) => index + 1);
  const prev = Int32Array.from({ length: END }, (_, index) => index - 1);
  const unlink = (index: number) => {
    if (prev[index]! >= 0) next[prev[index]!] = next[index]!;
    if (next[index]! < END) prev[next[index]!] = prev[index]!;
  };
  let head = 0;
  // Below this index no opener for such a closer exists: searches stop there.
  const floor = new Map<string, number>();
  for (let index = 0; index < END;) {
    const closer = nodes[index]!;
    if (closer.type !== 'run' || !closer.close) {
      index = next[index]!;
      continue;
    }
    const kind = `${closer.char}${closer.open}${closer.length % 3}`;
    let opened = -1;
    for (let candidate = prev[index]!; candidate > (floor.get(kind) ?? -1); candidate = prev[candidate]!) {
      const opener = nodes[candidate]!;
      if (opener.type !== 'run' || !opener.open || opener.char !== closer.char) continue;
      const unpaired =
        closer.char === '~'
          ? opener.count !== closer.count
          : (opener.close || closer.open) &&
            (opener.length + closer.length) % 3 === 0 &&
            (opener.length % 3 !== 0 || closer.length % 3 !== 0);
      if (!unpaired) {
        opened = candidate;
        break;
      }
    }
    // A pair with nothing between (runs of one character are one run) is never made.
    const first = opened < 0 ? END : next[opened]!;
    if (opened < 0 || first === index) {
      floor.set(kind, prev[index]!);
      index = next[index]!;
      continue;
    }
    const opener = nodes[opened] as Run;
    const used = closer.char === '~' ? closer.count : opener.count >= 2 && closer.count >= 2 ? 2 : 1;
    const type = closer.char === '~' ? 'del' : used === 2 ? 'strong' : 'em';
    const inner: Node[] = [];
    for (let node = first; node !== index; node = next[node]!) inner.push(nodes[node]!);
    // The pair takes the place of the first node it encloses, which keeps the order of indices.
    nodes[first] = { type, tokens: plain(inner, bareLinks) };
    next[first] = index;
    prev[index] = first;
    // What lay between the two is inside now: no floor may point into it.
    for (const [kind, below] of floor) if (below > opened) floor.set(kind, opened);
    opener.count -= used;
    closer.count -= used;
    if (opener.count === 0) {
      if (opened === head) head = first;
      unlink(opened);
    }
    if (closer.count === 0) {
      const after = next[index]!;
      unlink(index);
      index = after;
    }
    // Otherwise look at this closer again.
  }
  const ordered: Node[] = [];
  for (let node = END ? head : END; node < END; node = next[node]!) ordered.push(nodes[node]!);
  return plain(ordered, bareLinks);
}

/**
 * Runs left unpaired are text; neighbouring texts are one. Bare addresses are found in the text
 * that emphasis leaves, as GitHub does, so `**http://x.y**` is a strong link.
 */
function plain(nodes: Node[], bareLinks: boolean): InlineToken[] {
  const tokens: InlineToken[] = [];
  let text = '';
  const flush = () => {
    if (text) tokens.push(...(bareLinks ? withBareLinks(text) : [{ type: 'text' as const, text }]));
    text = '';
  };
  for (const node of nodes) {
    if (node.type === 'run' || node.type === 'text')
      text += node.type === 'run' ? node.char.repeat(node.count) : node.text;
    else {
      flush();
      tokens.push(node);
    }
  }
  flush();
  return tokens;
}
