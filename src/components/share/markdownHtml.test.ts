import { describe, expect, it } from 'vitest';
import { markdownHtml } from './markdownHtml';

describe('Markdown in a shared copy', () => {
  it('writes what the transcript draws: emphasis, code, lists, tables, quotes', () => {
    const html = markdownHtml(
      'Fixed **`parse_header`**: *now* ~~never~~ splits twice.\n\n```python\nkey, value = line.split(":", 1)\n```\n\n- one\n- two\n\n| a | b |\n| :-- | --: |\n| 1 | 2 |\n\n> quoted',
    );
    expect(html).toContain(
      '<p>Fixed <strong><code>parse_header</code></strong>: <em>now</em> <del>never</del> splits twice.</p>',
    );
    expect(html).toContain(
      '<pre data-language="python"><code>key, value = line.split(&quot;:&quot;, 1)</code></pre>',
    );
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<th style="text-align: left">a</th><th style="text-align: right">b</th>');
    expect(html).toContain('<blockquote><p>quoted</p></blockquote>');
  });

  it('keeps raw HTML as text, drops unsafe links and never loads an image from an address', () => {
    const html = markdownHtml(
      '<script>alert(1)</script>\n\nHi <img src=x onerror=alert(2)> [click](javascript:alert(3)) [ok](https://example.com) ![remote](https://example.com/a.png)',
    );
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('click');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('remote');
  });

  it("puts an answer's headings under the copy's own", () => {
    expect(markdownHtml('# Plan')).toBe('<h3>Plan</h3>');
  });
});
