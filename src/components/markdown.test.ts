import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

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
