import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown, MarkdownBlock } from './Markdown';
import { advanceStreaming, startStreaming, type StreamingMarkdown } from './streaming';

// Answers shaped like agents write them: paragraphs, headings, lists, fences, tables, quotes.
const ANSWERS = [
  'I looked at the parser.\n\nThe bug is in `split`:\n\n```python\nkey, value = line.split(":")\n\nprint(key)\n```\n\nFixed it.',
  '# Summary\n\nThree things:\n\n- one\n- two\n\n- three, loose\n\n1. first\n2. second\n\n> a quote\n>\n> that goes on\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nDone **now**.',
  'Text with a list after a blank line:\n\n* item\n\n  continued inside the item\n\nAnd an indented block:\n\n    code line\n\n    more code\n\nEnd.',
  '~~~\nunclosed fence that never ends\n\nstill code',
];

/** Streams `text` in pieces of `size` characters and returns every state on the way. */
function stream(text: string, size: number): StreamingMarkdown[] {
  const states: StreamingMarkdown[] = [];
  let state = startStreaming();
  for (let end = size; end < text.length + size; end += size) {
    state = advanceStreaming(state, text.slice(0, end));
    states.push(state);
  }
  return states;
}

/** What the answer bubble draws for a state, without its block wrappers. */
const html = (state: StreamingMarkdown) =>
  [...state.frozen.map((source) => block(source, true)), block(state.tail, false)].join('');
const block = (source: string, settled: boolean) =>
  renderToStaticMarkup(<MarkdownBlock source={source} settled={settled} />).replace(
    /^<div class="markdown-block">|<\/div>$/g,
    '',
  );
const whole = (source: string) =>
  renderToStaticMarkup(<Markdown text={source} />).replace(/^<div class="markdown">|<\/div>$/g, '');
const squash = (s: string) => s.replace(/\s+/g, ' ').replace(/> </g, '><').trim();

describe('streaming markdown', () => {
  it('ends with what the whole text renders to, whatever the size of the pieces', () => {
    for (const answer of ANSWERS)
      for (const size of [1, 3, 17, 1000]) {
        const last = stream(answer, size).at(-1)!;
        expect(squash(html(last)), `${size}: ${answer.slice(0, 30)}`).toBe(squash(whole(answer)));
      }
  });

  it('freezes finished blocks: once rendered, a block never changes', () => {
    const states = stream(`${ANSWERS[0]}\n\n${ANSWERS[1]}`, 2);
    for (let i = 1; i < states.length; i++) {
      const before = states[i - 1]!.frozen;
      expect(states[i]!.frozen.slice(0, before.length)).toEqual(before);
    }
    expect(states.at(-1)!.frozen.length).toBeGreaterThan(4);
  });

  it('keeps an open code fence a code block while it streams, blank lines inside included', () => {
    const text = ANSWERS[0]!;
    const open = text.indexOf('\n\nprint');
    const state = stream(text.slice(0, open + 4), 1).at(-1)!;
    const tail = block(state.tail, false);
    expect(tail).toContain('<pre><code class="language-python">');
    expect(tail).toContain('key, value');
    expect(tail).not.toContain('<p>');
  });

  it('starts again when the text does not continue the one before (a new attempt)', () => {
    const first = advanceStreaming(startStreaming(), 'First attempt.\n\nSecond block\n');
    const again = advanceStreaming(first, 'Another text entirely, longer than the first one was.');
    expect(again.frozen).toEqual([]);
    expect(again.tail).toContain('Another text entirely');
  });

  it('parses only the tail: the work per piece does not grow with the text', () => {
    const paragraph = 'A sentence of an answer that goes on for a while. '.repeat(4);
    const text = Array.from({ length: 150 }, (_, i) => `${paragraph}${i}\n\n`).join('');
    let state = startStreaming();
    let longestTail = 0;
    for (let end = 8; end <= text.length; end += 8) {
      state = advanceStreaming(state, text.slice(0, end));
      longestTail = Math.max(longestTail, end - state.tailStart);
    }
    expect(text.length).toBeGreaterThan(20_000);
    expect(longestTail).toBeLessThan(paragraph.length + 20);
  });
});
