import { afterEach, describe, expect, it } from 'vitest';
import { highlightCode } from './highlight';
import { hasHighlightableCode, installHighlighter, renderMarkdown } from './markdown';

function render(source: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderMarkdown(source);
  return host;
}

describe('renderMarkdown', () => {
  it('renders GFM: emphasis, code blocks and tables', () => {
    const host = render('**bold**\n\n```ts\nconst a = 1;\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |');
    expect(host.querySelector('strong')?.textContent).toBe('bold');
    expect(host.querySelector('pre code')?.textContent).toBe('const a = 1;\n');
    expect(host.querySelectorAll('td')).toHaveLength(2);
  });

  it('shows raw HTML as text and never creates script or handler elements', () => {
    const host = render('Look: <script>alert(1)</script> <img src=x onerror="alert(2)"> <b>b</b>');
    expect(host.querySelector('script')).toBeNull();
    expect(host.querySelector('img')).toBeNull();
    expect(host.querySelector('b')).toBeNull();
    expect(host.textContent).toContain('<script>alert(1)</script>');
    expect(host.textContent).toContain('<img src=x onerror="alert(2)">');
  });

  it('drops javascript: links but keeps their text', () => {
    const host = render('[click](javascript:alert(1)) and [site](https://example.com)');
    const links = [...host.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com']);
    expect(host.textContent).toContain('click');
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
