import { describe, expect, it } from 'vitest';
import { lexBlocks } from './blockLexer';
import { lexInline } from './inlineLexer';
import type { InlineToken } from './markdownTokens';

// Where CommonMark decides and marked does not (or decides otherwise), the lexer follows
// CommonMark; the differential test (blockLexer.test.tsx) keeps away from these inputs.

/** The inline tokens as compact markup: enough to see what nests in what. */
function shape(tokens: readonly InlineToken[]): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'text':
        case 'escape':
          return token.text;
        case 'strong':
        case 'em':
        case 'del':
          return `<${token.type}>${shape(token.tokens)}</${token.type}>`;
        case 'codespan':
          return `<code>${token.text}</code>`;
        case 'link':
          return `<a ${token.href}>${shape(token.tokens)}</a>`;
        default:
          return `<${token.type}>`;
      }
    })
    .join('');
}

const inline = (source: string) => shape(lexInline(source, new Map()));

describe('inline markdown', () => {
  it('pairs emphasis by the delimiter rules, rule of three included', () => {
    expect(inline('*foo**bar*')).toBe('<em>foo**bar</em>');
    expect(inline('***both***')).toBe('<em><strong>both</strong></em>');
    expect(inline('a*b __c 2*3__')).toBe('a<em>b __c 2</em>3__');
    expect(inline('**unclosed and *closed*')).toBe('**unclosed and <em>closed</em>');
  });

  it('leaves underscores inside words alone', () => {
    expect(inline('snake_case_name and __init__.py')).toBe('snake_case_name and <strong>init</strong>.py');
  });

  it('strikes through with one or two tildes, never three', () => {
    expect(inline('~a~ ~~b~~ ~~~c~~~')).toBe('<del>a</del> <del>b</del> ~~~c~~~');
  });

  it('finds bare addresses inside emphasis, without the punctuation that ends a sentence', () => {
    expect(inline('**https://x.y/z**')).toBe('<strong><a https://x.y/z>https://x.y/z</a></strong>');
    expect(inline('see https://x.y/a_(b)), then')).toBe(
      'see <a https://x.y/a_(b)>https://x.y/a_(b)</a>), then',
    );
    expect(inline('www.example.com. mail a.b@c.org')).toBe(
      '<a http://www.example.com>www.example.com</a>. mail <a mailto:a.b@c.org>a.b@c.org</a>',
    );
  });

  it('keeps code spans and escapes exactly as written', () => {
    expect(inline('`` a`b `` \\*not\\*')).toBe('<code>a`b</code> *not*');
    expect(inline('``unclosed `also')).toBe('``unclosed `also');
    expect(inline('`spans ``a run`')).toBe('<code>spans ``a run</code>');
    // A link's text looked ahead for its end and met an unclosed run first.
    expect(inline('[a `b` `c')).toBe('[a <code>b</code> `c');
  });

  it('breaks a line on two trailing spaces or a backslash, and joins it otherwise', () => {
    expect(inline('a  \nb\\\nc \nd')).toBe('a<br>b<br>c\nd');
  });
});

describe('block markdown', () => {
  it('keeps a lazy line that looks like an underline as paragraph text', () => {
    const [quote] = lexBlocks('> quoted\n===');
    expect(quote).toMatchObject({ type: 'blockquote', tokens: [{ type: 'paragraph' }] });
  });

  it('reads a long text in time that grows with its length', () => {
    // A megabyte of lines once took 47 s (the text being built was flattened at every line).
    const lines = Array.from({ length: 20_000 }, (_, index) => `line ${index}: ${'x'.repeat(40)}`);
    const [paragraph] = lexBlocks(lines.join('\n'));
    expect(paragraph).toMatchObject({ type: 'paragraph' });
  });
});
