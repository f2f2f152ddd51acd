import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { highlightCode } from '../syntax/syntaxHighlight';
import { hasHighlightableCode, installHighlighter } from './lazySyntaxHighlight';
import { Markdown } from './Markdown';

function render(source: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<Markdown text={source} />);
  return host;
}

describe('Markdown', () => {
  it('renders GFM: emphasis, code blocks, lists, quotes and tables', () => {
    const host = render(
      '**bold** _it_ ~~gone~~ `x < y`\n\n```ts\nconst a = 1;\n```\n\n| a | b |\n| :- | -: |\n| 1 | 2 |\n\n3. three\n4. four\n\n> quoted',
    );
    expect(host.querySelector('strong')?.textContent).toBe('bold');
    expect(host.querySelector('em')?.textContent).toBe('it');
    expect(host.querySelector('del')?.textContent).toBe('gone');
    expect(host.querySelector('p code')?.textContent).toBe('x < y');
    expect(host.querySelector('pre code')?.textContent).toBe('const a = 1;\n');
    expect(host.querySelector('pre code')?.className).toBe('language-ts');
    expect([...host.querySelectorAll('td')].map((td) => td.style.textAlign)).toEqual(['left', 'right']);
    expect(host.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(host.querySelector('blockquote p')?.textContent).toBe('quoted');
  });

  it('shows raw HTML as text and never creates script, handler or form elements', () => {
    const host = render(
      'Look: <script>alert(1)</script> <img src=x onerror="alert(2)"> <b>b</b>\n\n<div onclick="x()">block</div>\n\n<form><input></form>',
    );
    for (const tag of ['script', 'img', 'b', 'div', 'form', 'input'])
      expect(host.querySelector(`.markdown ${tag}`)).toBeNull();
    expect(host.textContent).toContain('<script>alert(1)</script>');
    expect(host.textContent).toContain('<img src=x onerror="alert(2)">');
    expect(host.textContent).toContain('<div onclick="x()">block</div>');
  });

  it('drops javascript: and data: links and images but keeps their text', () => {
    const host = render(
      '[click](javascript:alert(1)) and [site](https://example.com) ![pic](data:text/html,x) ![ok](https://e.x/a.png)',
    );
    const links = [...host.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com']);
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(host.textContent).toContain('click');
    expect([...host.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://e.x/a.png',
    ]);
    expect(host.textContent).toContain('pic');
  });

  it('shows entities as the characters they spell, but code exactly as written', () => {
    const host = render('Fish &amp; chips &#8212; &lt;b&gt;\n\n`&amp;`');
    expect(host.querySelector('p')?.textContent).toBe('Fish & chips — <b>');
    expect(host.querySelector('b')).toBeNull();
    expect(host.querySelectorAll('p')[1]?.textContent).toBe('&amp;');
  });

  it('gives every code block a Copy button named for its language', () => {
    const host = render('```python\nx = 1\n```\n\n```\nplain\n```');
    expect([...host.querySelectorAll('.code-block button')].map((b) => b.getAttribute('aria-label'))).toEqual(
      ['Copy python code', 'Copy code'],
    );
  });

  it('marks task list items in words for assistive tech', () => {
    const host = render('- [x] done thing\n- [ ] open thing');
    expect([...host.querySelectorAll('.task-box')].map((box) => box.getAttribute('aria-label'))).toEqual([
      'done:',
      'to do:',
    ]);
    expect(host.querySelector('input')).toBeNull();
  });
});

describe('code highlighting', () => {
  afterEach(() => installHighlighter(null));

  it('is asked for only by fenced blocks that name their language', () => {
    expect(hasHighlightableCode('```python\nx = 1\n```')).toBe(true);
    expect(hasHighlightableCode('text\n\n~~~ts\nlet a\n~~~')).toBe(true);
    expect(hasHighlightableCode('```\nplain\n```')).toBe(false);
    expect(hasHighlightableCode('inline `code` only')).toBe(false);
  });

  it('leaves code plain until the highlighter is in, then marks tokens', () => {
    const source = '```python\ndef parse(line):\n    return "<b>" + line\n```';
    expect(render(source).querySelector('.hljs-keyword')).toBeNull();
    installHighlighter(highlightCode);
    const host = render(source);
    expect(host.querySelector('.hljs-keyword')?.textContent).toBe('def');
    expect(host.querySelector('.hljs-string')?.textContent).toBe('"<b>"');
    expect(host.querySelector('b')).toBeNull();
    expect(host.querySelector('pre code')?.textContent).toBe('def parse(line):\n    return "<b>" + line\n');
  });

  it('keeps code plain for languages it does not bundle and for very long blocks', () => {
    installHighlighter(highlightCode);
    const unknown = render('```brainfuck\n<script>++</script>\n```');
    expect(unknown.querySelector('[class^="hljs-"]')).toBeNull();
    expect(unknown.querySelector('script')).toBeNull();
    expect(unknown.querySelector('pre code')?.textContent).toBe('<script>++</script>\n');
    const long = render('```js\n' + 'let a = 1;\n'.repeat(3000) + '```');
    expect(long.querySelector('.hljs-keyword')).toBeNull();
  });
});
