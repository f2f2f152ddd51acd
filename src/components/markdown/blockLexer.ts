import { INLINE_HTML, labelKey, lexInline, unescapePunctuation, type LinkDefinition } from './inlineLexer';
import type { Align, BlockToken, InlineToken, TableCell } from './markdownTokens';

// The block part of GFM, line by line: paragraphs (with setext headings and lazy continuation
// lines), ATX headings, fenced and indented code, quotes, lists (loose or tight, with tasks),
// tables, rules, raw HTML blocks (kept as text) and reference definitions. Containers (quotes,
// list items) gather their lines, take off their markers and are read again inside. Inline
// content is read last, once every reference definition in the text is known.

interface Context {
  /** Quotes and list items the lines being read are inside. */
  nesting: number;
  definitions: Map<string, LinkDefinition>;
  /** Blocks whose inline content is read at the end, and with which text. */
  inline: Map<{ tokens: InlineToken[] }, { text: string; checkbox?: boolean }>;
}

const BLANK = /^[ \t]*$/;
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-+*]|(\d{1,9})([.)]))(?=[ \t]|$)/;
/** A list item that may cut a paragraph short: a bullet or `1.`, with something after it. */
const INTERRUPTING_ITEM = /^ {0,3}(?:[-+*]|1[.)])[ \t]+\S/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const TASK = /^\[([ xX])\][ \t]+(?=\S)/;
const DELIMITER_ROW = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const DEFINITION =
  /^ {0,3}\[((?:\\.|[^\\[\]]){1,999})\]:[ \t]*(<(?:\\.|[^\n<>\\])*>|\S+)(?:[ \t]+("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\((?:\\.|[^()\\])*\)))?[ \t]*$/;
const HTML_BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|meta|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
/** How each kind of raw HTML block starts, and the text that ends it (null: a blank line). */
const HTML_BLOCKS: [RegExp, RegExp | null][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:\s|>|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![a-zA-Z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
  [new RegExp(`^ {0,3}</?(?:${HTML_BLOCK_TAGS})(?:\\s|/?>|$)`, 'i'), null],
];

const isBlank = (line: string) => BLANK.test(line);

/** Columns of indentation, a tab reaching the next multiple of four. */
function indentOf(line: string): number {
  let column = 0;
  for (const char of line) {
    if (char === ' ') column++;
    else if (char === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** The line without its first `columns` columns of indentation (a tab split where it must be). */
function outdent(line: string, columns: number): string {
  let column = 0;
  let index = 0;
  while (column < columns && index < line.length) {
    if (line[index] === ' ') column++;
    else if (line[index] === '\t') {
      const width = 4 - (column % 4);
      if (column + width > columns) return ' '.repeat(column + width - columns) + line.slice(index + 1);
      column += width;
    } else break;
    index++;
  }
  return line.slice(index);
}

/** Which kind of raw HTML block the line starts (an index into HTML_BLOCKS, 6 for a lone tag), or -1. */
function htmlBlockKind(line: string): number {
  const kind = HTML_BLOCKS.findIndex(([start]) => start.test(line));
  if (kind >= 0) return kind;
  const indent = /^ {0,3}/.exec(line)![0].length;
  INLINE_HTML.lastIndex = indent;
  const tag = INLINE_HTML.exec(line)?.[0];
  return tag && /^<\/?[a-zA-Z]/.test(tag) && isBlank(line.slice(indent + tag.length)) ? 6 : -1;
}

const opensFence = (line: string) => {
  const fence = FENCE.exec(line);
  return fence !== null && !(fence[2]![0] === '`' && fence[3]!.includes('`'));
};

/** A heading, a fence or a rule begins here (marked's test of the line before a lazy one). */
const opensBlockAsMarked = (text: string) => ATX.test(text) || RULE.test(text) || opensFence(text);

/** A line that starts a block of its own where a paragraph could otherwise go on. */
function interrupts(line: string): boolean {
  const kind = htmlBlockKind(line);
  return (
    ATX.test(line) ||
    RULE.test(line) ||
    opensFence(line) ||
    QUOTE.test(line) ||
    INTERRUPTING_ITEM.test(line) ||
    (kind >= 0 && kind < 6)
  );
}

/**
 * A lazy continuation line, as its container's content: one that looks like a setext underline
 * is paragraph text (CommonMark), so its first mark is escaped.
 */
const lazy = (line: string) => (SETEXT.test(line) ? `\\${line.trimStart()}` : line);

/**
 * A container's lines as they are gathered, and whether the last of them continues a paragraph,
 * which a line without the container's marker may then lazily continue too.
 */
class ContainerLines {
  readonly lines: string[] = [];
  private fenced = false;
  private html = false;
  private paragraph = false;

  add(line: string) {
    const wasParagraph = this.paragraph;
    this.paragraph = false;
    this.lines.push(line);
    if (this.fenced || opensFence(line)) {
      this.fenced = this.fenced ? !CLOSING_FENCE.test(line) : true;
      return;
    }
    if (isBlank(line)) this.html = false;
    else if (this.html || (indentOf(line) >= 4 && !wasParagraph)) return;
    else {
      const kind = htmlBlockKind(line);
      if (kind >= 0 && (kind < 6 || !wasParagraph)) this.html = true;
      else this.paragraph = !ATX.test(line) && !RULE.test(line) && !(wasParagraph && SETEXT.test(line));
    }
  }

  endsInParagraph(): boolean {
    return this.paragraph;
  }
}

function cellsOf(row: string): string[] {
  let text = row.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '\\' && text[index + 1] === '|') cell += text[++index];
    else if (text[index] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += text[index];
  }
  return [...cells, cell.trim()];
}

/** A table's header line and delimiter row, with as many cells in one as in the other. */
function startsTable(lines: readonly string[], at: number): boolean {
  const header = lines[at];
  const delimiter = lines[at + 1];
  return (
    header !== undefined &&
    delimiter !== undefined &&
    /[|:]/.test(delimiter) &&
    DELIMITER_ROW.test(delimiter) &&
    cellsOf(header).length === cellsOf(delimiter).length
  );
}

function inlineLater<const T extends { tokens: InlineToken[] }>(context: Context, text: string, into: T): T {
  context.inline.set(into, { text });
  return into;
}

/**
 * Quotes and lists nest this deep, and what lies deeper is one paragraph of text. marked nests on
 * until the stack runs out (50,000 `>` throw); reading deeper costs time that grows with the
 * square of the depth, and no one reads 32 levels of quotes.
 */
export const MAX_NESTING = 32;

function parseBlocks(lines: readonly string[], context: Context): BlockToken[] {
  if (context.nesting > MAX_NESTING) {
    const text = lines.join('\n').trim();
    return text ? [inlineLater(context, text, { type: 'paragraph', text, tokens: [] })] : [];
  }
  const tokens: BlockToken[] = [];
  let at = 0;
  while (at < lines.length) {
    const line = lines[at]!;
    if (isBlank(line)) {
      while (at < lines.length && isBlank(lines[at]!)) at++;
      tokens.push({ type: 'space' });
      continue;
    }
    if (indentOf(line) >= 4) {
      const body: string[] = [];
      while (at < lines.length && (isBlank(lines[at]!) || indentOf(lines[at]!) >= 4))
        body.push(outdent(lines[at++]!, 4));
      while (isBlank(body[body.length - 1]!)) body.pop();
      tokens.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    if (opensFence(line)) {
      at = fencedCode(lines, at, tokens);
      continue;
    }
    const heading = ATX.exec(line);
    if (heading) {
      const text = (heading[2] ?? '').replace(/(?:^|[ \t]+)#+$/, '').trim();
      tokens.push(
        inlineLater(context, text, { type: 'heading', depth: heading[1]!.length, text, tokens: [] }),
      );
      at++;
      continue;
    }
    if (RULE.test(line)) {
      tokens.push({ type: 'hr' });
      at++;
      continue;
    }
    if (QUOTE.test(line)) {
      at = quote(lines, at, tokens, context);
      continue;
    }
    if (ITEM.test(line)) {
      at = list(lines, at, tokens, context);
      continue;
    }
    const kind = htmlBlockKind(line);
    if (kind >= 0) {
      const end = HTML_BLOCKS[kind]?.[1] ?? null;
      const body: string[] = [];
      if (end) while (at < lines.length && (body.push(lines[at]!), !end.test(lines[at++]!)));
      else while (at < lines.length && !isBlank(lines[at]!)) body.push(lines[at++]!);
      tokens.push({ type: 'html', raw: body.join('\n') });
      continue;
    }
    if (startsTable(lines, at)) {
      at = table(lines, at, tokens, context);
      continue;
    }
    const definition = DEFINITION.exec(line);
    if (definition && labelKey(definition[1]!)) {
      const key = labelKey(definition[1]!);
      const title = definition[3];
      if (!context.definitions.has(key))
        context.definitions.set(key, {
          href: unescapePunctuation(definition[2]!.replace(/^<([\s\S]*)>$/, '$1')),
          title: title ? unescapePunctuation(title.slice(1, -1)) : null,
        });
      at++;
      continue;
    }
    at = paragraph(lines, at, tokens, context);
  }
  return tokens;
}

function paragraph(lines: readonly string[], at: number, tokens: BlockToken[], context: Context): number {
  const parts = [lines[at++]!.trimStart()];
  let depth = 0;
  for (; at < lines.length; at++) {
    const line = lines[at]!;
    if (isBlank(line)) break;
    const underline = SETEXT.exec(line);
    if (underline) {
      depth = underline[1]![0] === '=' ? 1 : 2;
      at++;
      break;
    }
    if (interrupts(line) || startsTable(lines, at)) break;
    parts.push(line.trimStart());
  }
  const text = parts.join('\n').trimEnd();
  tokens.push(
    depth
      ? inlineLater(context, text, { type: 'heading', depth, text, tokens: [] })
      : inlineLater(context, text, { type: 'paragraph', text, tokens: [] }),
  );
  return at;
}

function fencedCode(lines: readonly string[], at: number, tokens: BlockToken[]): number {
  const [, indent, fence, info] = FENCE.exec(lines[at++]!)!;
  const body: string[] = [];
  let closed = false;
  for (; at < lines.length; at++) {
    const closing = CLOSING_FENCE.exec(lines[at]!)?.[1];
    if (closing && closing[0] === fence![0] && closing.length >= fence!.length) {
      at++;
      closed = true;
      break;
    }
    body.push(lines[at]!.replace(new RegExp(`^ {0,${indent!.length}}`), ''));
  }
  const lang = unescapePunctuation(info!.trim());
  // A closed block's blank last line is kept: it is drawn with a newline after its text. A block
  // never closed holds the rest as it is (its last "line" is only the text's final newline).
  const blankLast = closed && body.length > 0 && isBlank(body[body.length - 1]!);
  const text = body.join('\n') + (blankLast ? '\n' : '');
  tokens.push({ type: 'code', text, lang });
  return at;
}

function quote(lines: readonly string[], at: number, tokens: BlockToken[], context: Context): number {
  const inner = new ContainerLines();
  for (; at < lines.length; at++) {
    const line = lines[at]!;
    const marker = QUOTE.exec(line);
    if (marker) inner.add(line.slice(marker[0].length));
    else if (!isBlank(line) && inner.endsInParagraph() && !interrupts(line) && !ITEM.test(line))
      inner.add(lazy(line));
    else break;
  }
  context.nesting++;
  tokens.push({ type: 'blockquote', tokens: parseBlocks(inner.lines, context) });
  context.nesting--;
  return at;
}

function list(lines: readonly string[], at: number, tokens: BlockToken[], context: Context): number {
  const first = ITEM.exec(lines[at]!)!;
  const ordered = first[3] !== undefined;
  const marker = first[4] ?? first[2];
  const items: { tokens: BlockToken[] }[] = [];
  let loose = false;
  let blankBefore = false;
  // Where the last item's content ends: blank lines after a list are its parent's.
  let contentEnd = at;
  while (at < lines.length) {
    const line = lines[at]!;
    const item = ITEM.exec(line);
    if (!item || (item[4] ?? item[2]) !== marker || RULE.test(line)) break;
    if (blankBefore) loose = true;
    const markerEnd = item[0].length;
    const after = line.slice(markerEnd);
    const spaces = indentOf(after);
    const [contentIndent, firstLine] = isBlank(after)
      ? [markerEnd + 1, '']
      : spaces >= 5
        ? [markerEnd + 1, outdent(after, 1)]
        : [markerEnd + spaces, outdent(after, spaces)];
    const gathered = new ContainerLines();
    gathered.add(firstLine);
    const body = gathered.lines;
    const start = at;
    for (at++; at < lines.length; at++) {
      const next = lines[at]!;
      // An item that starts with a blank line ends at the next blank line.
      if (isBlank(next) && !(body.length === 1 && firstLine === '')) gathered.add('');
      else if (!isBlank(next) && indentOf(next) >= contentIndent) gathered.add(outdent(next, contentIndent));
      else if (
        !isBlank(next) &&
        gathered.endsInParagraph() &&
        !interrupts(next) &&
        !ITEM.test(next) &&
        // As marked: no lazy line after one indented 4 or more past the item's content (there it
        // would read as code), however deep that line's own list is.
        indentOf(lines[at - 1]!) - contentIndent < 4 &&
        // Nor after a line that, cut at the item's content column whatever stood before it, opens
        // a heading, a fence or a rule: marked reads the line before so (`b #` in an item whose
        // content starts at column 2 is `#`), where CommonMark would go on with the paragraph.
        (at - 1 === start || !opensBlockAsMarked(lines[at - 1]!.slice(contentIndent)))
      )
        gathered.add(lazy(next));
      else break;
    }
    let end = body.length;
    while (end > 1 && isBlank(body[end - 1]!)) end--;
    blankBefore = end < body.length;
    contentEnd = start + end;
    context.nesting++;
    const children = parseBlocks(body.slice(0, end), context);
    context.nesting--;
    if (children.some((child, index) => child.type === 'space' && index > 0 && index < children.length - 1))
      loose = true;
    items.push({ tokens: children });
  }
  for (const { tokens: children } of items) {
    // As marked: its lexer reads an item's text as paragraphs again once it has read a nested
    // list or quote in it (its `state.top`), so in a tight list only the text before one is bare.
    let afterNested = false;
    for (const child of children) {
      if (child.type === 'list' || child.type === 'blockquote') afterNested = true;
      else if (!loose && !afterNested && child.type === 'paragraph')
        (child as { type: string }).type = 'text';
    }
    // A task's box is the start of its first paragraph.
    const lead = children[0];
    const inline = lead && context.inline.get(lead as { tokens: InlineToken[] });
    const task = inline && lead.type !== 'heading' ? TASK.exec(inline.text) : null;
    if (inline && task) {
      inline.text = inline.text.slice(task[0].length);
      inline.checkbox = task[1] !== ' ';
    }
  }
  tokens.push({
    type: 'list',
    ordered,
    start: ordered ? Number(first[3]) : '',
    items,
  });
  return contentEnd;
}

function table(lines: readonly string[], at: number, tokens: BlockToken[], context: Context): number {
  const align: Align[] = cellsOf(lines[at + 1]!).map((cell) =>
    cell.startsWith(':') ? (cell.endsWith(':') ? 'center' : 'left') : cell.endsWith(':') ? 'right' : null,
  );
  const row = (line: string, header: boolean): TableCell[] => {
    const texts = cellsOf(line);
    return align.map((cellAlign, index) => {
      const text = texts[index] ?? '';
      return inlineLater(context, text, { header, align: cellAlign, text, tokens: [] });
    });
  };
  const header = row(lines[at]!, true);
  const rows: TableCell[][] = [];
  for (at += 2; at < lines.length; at++) {
    const line = lines[at]!;
    if (isBlank(line) || indentOf(line) >= 4 || interrupts(line)) break;
    rows.push(row(line, false));
  }
  tokens.push({ type: 'table', header, rows });
  return at;
}

/** The blocks of `source`, their inline content read. */
export function lexBlocks(source: string): BlockToken[] {
  const context: Context = { nesting: 0, definitions: new Map(), inline: new Map() };
  const tokens = parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'), context);
  for (const [into, { text, checkbox }] of context.inline) {
    into.tokens = lexInline(text, context.definitions);
    if (checkbox !== undefined) into.tokens.unshift({ type: 'checkbox', checked: checkbox });
  }
  return tokens;
}
