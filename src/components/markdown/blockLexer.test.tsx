import fc from 'fast-check';
import { Lexer } from 'marked';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { seedStore } from '../../../mocks/fixtures';
import { MockStore } from '../../../mocks/store';
import { lexBlocks } from './blockLexer';
import { MARKDOWN_CORPUS } from './markdownCorpus';
import { blocks } from './Markdown';
import type { BlockToken } from './markdownTokens';

// Tether's lexer replaced marked's in the first load. marked stays as a development dependency:
// both lexers' tokens are drawn by the same code and must give the same markup, over agents'
// answers, the corners of GFM, and generated documents. Whitespace outside code blocks is
// compared collapsed, as a browser shows it.

function markup(tokens: readonly BlockToken[]): string {
  return renderToStaticMarkup(<>{blocks(tokens)}</>)
    .split(/(<pre[\s\S]*?<\/pre>)/)
    .map((part, index) => (index % 2 ? part : part.replace(/\s+/g, ' ').replace(/ ?(<[^>]*>) ?/g, '$1')))
    .join('');
}

const ours = (source: string) => markup(lexBlocks(source));
const marked = (source: string) => markup(Lexer.lex(source, { gfm: true }) as unknown as BlockToken[]);

/** Every text the mock's seeded conversations hold: messages, thoughts, tool output. */
function seededTexts(): string[] {
  const store = new MockStore(() => new Date(0), undefined);
  seedStore(store);
  const texts = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.length > 1) texts.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const conversation of store.conversations.values()) walk(conversation.events);
  return [...texts];
}

// Thousands of documents through two lexers and React: seconds alone, longer on CI's busy cores.
const SLOW = 60_000;

describe('the markdown lexer draws what marked drew', () => {
  it('for the corpus of agents’ answers and GFM corners', () => {
    for (const source of MARKDOWN_CORPUS) expect(ours(source), source).toBe(marked(source));
  });

  it(
    'for every text of the seeded conversations',
    () => {
      const texts = seededTexts();
      expect(texts.length).toBeGreaterThan(100);
      for (const source of texts) expect(ours(source), source).toBe(marked(source));
    },
    SLOW,
  );

  it(
    'for generated documents of every block and inline kind',
    () => {
      fc.assert(
        fc.property(document, (source) => ours(source) === marked(source)),
        { numRuns: 1500 },
      );
    },
    SLOW,
  );
});

// Words as they appear in answers: identifiers, paths, markup-like text, other scripts.
const word = fc.constantFrom(
  'the',
  'parser',
  'snake_case_name',
  '__init__.py',
  'src/app.ts',
  'x',
  'it’s',
  'v1.2',
  '42',
  'path/to_file',
  'C#',
  'naïve',
  '日本語',
  'مرحبا',
  '🎉',
  'foo-bar',
  'e.g.',
  '(note)',
  '"quoted"',
  'a|b',
  '&amp;',
  '&lt;div&gt;',
  '<br>',
  '<span class="x">',
  'TODO:',
);
const phrase = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const inline = fc.oneof(
  { weight: 6, arbitrary: phrase },
  fc
    .tuple(fc.constantFrom('*', '**', '_', '__', '~~', '***', '~'), phrase)
    .map(([mark, text]) => `${mark}${text}${mark}`),
  phrase.map((text) => `\`${text}\``),
  fc
    .tuple(
      phrase,
      fc.constantFrom('https://example.com/a_b', '/docs', '#top', 'javascript:alert(1)', 'https://x.y/p(1)'),
    )
    .map(([text, href]) => `[${text}](${href})`),
  phrase.map((text) => `![${text}](https://e.x/i.png "t")`),
  fc.constantFrom(
    'https://github.com/OpenHands/x/pull/1.',
    'www.example.com',
    'me@example.org',
    '<https://auto.link>',
    'http://localhost:8000/api?x=1,',
    '**https://x.y/z**',
    '\\*',
    '\\_',
    '\\`',
    'a\\\nb',
    'end  \nnext',
    '[ref]',
  ),
);
const line = fc.array(inline, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));
const lines = (most: number) => fc.array(line, { minLength: 1, maxLength: most });
const listBlock = fc
  .tuple(fc.constantFrom('- ', '* ', '1. ', '3) ', '- [ ] ', '- [x] '), lines(4), fc.boolean(), fc.boolean())
  .map(([marker, items, loose, nested]) => {
    const markerOf = (index: number) =>
      /\d/.test(marker) ? marker.replace(/\d/, String(Number(marker[0]) + index)) : marker;
    const item = (text: string, index: number) =>
      `${markerOf(index)}${text}${nested && index === 0 ? `\n   - nested ${text}` : ''}`;
    return items.map(item).join(loose ? '\n\n' : '\n');
  });
const codeBlock = fc
  .tuple(
    fc.constantFrom('', 'ts', 'python', 'bash'),
    fc.array(fc.constantFrom('const a = 1;', '  indented', '', '<b>not html</b>', 'x_y *z*'), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.constantFrom('```', '~~~'),
  )
  .map(([language, code, fence]) => `${fence}${language}\n${code.join('\n')}\n${fence}`);
const tableBlock = fc
  .tuple(
    fc.array(
      phrase.map((text) => text.replace(/\|/g, '/')),
      { minLength: 1, maxLength: 3 },
    ),
    fc.array(fc.array(inline, { minLength: 1, maxLength: 3 }), { maxLength: 3 }),
    fc.constantFrom('---', ':--', '--:', ':-:'),
  )
  .map(([header, rows, align]) => {
    const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
    const cell = (cells: string[], index: number) => (cells[index] ?? '').replace(/\|/g, '\\|');
    return [
      row(header),
      row(header.map(() => align)),
      ...rows.map((cells) => row(header.map((_, index) => cell(cells, index)))),
    ].join('\n');
  });
// How a block meets its neighbours: most may follow the one before on the next line (lazily
// continuing it, or cutting it off). Where marked departs from CommonMark, a blank line is kept:
// before a table or a setext heading (marked ends a table at a setext underline, and lets a lazy
// line take one), and after a list or indented code, which a list before may take in (marked lets
// raw HTML and a second lazy line end an item).
interface Part {
  text: string;
  blankBefore?: boolean;
  blankAfter?: boolean;
}
const part = fc.oneof(
  { weight: 5, arbitrary: lines(3).map((parts): Part => ({ text: parts.join('\n') })) },
  fc
    .tuple(fc.integer({ min: 1, max: 6 }), line)
    .map(([depth, text]): Part => ({ text: `${'#'.repeat(depth)} ${text}` })),
  listBlock.map((text): Part => ({ text, blankAfter: true })),
  lines(3).map((parts): Part => ({ text: parts.map((text) => `> ${text}`).join('\n') })),
  codeBlock.map((text): Part => ({ text })),
  fc
    .array(fc.constantFrom('    code line', '    another_one *x*'), { minLength: 1, maxLength: 3 })
    .map((parts): Part => ({ text: parts.join('\n'), blankAfter: true })),
  fc
    .constantFrom(
      '---',
      '***',
      '<div>\nraw html\n</div>',
      '<!-- comment -->',
      '[ref]: https://ref.example "Ref"',
    )
    .map((text): Part => ({ text })),
  tableBlock.map((text): Part => ({ text, blankBefore: true, blankAfter: true })),
  fc
    .tuple(line, fc.constantFrom('===', '---'))
    .map(([text, rule]): Part => ({ text: `${text}\n${rule}`, blankBefore: true })),
);
const document = fc.array(part, { minLength: 1, maxLength: 5 }).chain((parts) =>
  fc
    .array(fc.constantFrom('\n', '\n\n'), { minLength: parts.length, maxLength: parts.length })
    .map((separators) =>
      parts
        .map(({ text, blankBefore }, index) => {
          if (index === 0) return text;
          const apart = blankBefore || parts[index - 1]!.blankAfter;
          return `${apart ? '\n\n' : separators[index]}${text}`;
        })
        .join(''),
    ),
);
