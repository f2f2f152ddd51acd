import { describe, expect, it } from 'vitest';
import { foldedHead } from './fold';
import { FOLD_ABOVE } from './foldLimit';

describe('foldedHead', () => {
  it('leaves a text up to the limit whole', () => {
    expect(foldedHead('a'.repeat(FOLD_ABOVE))).toBeUndefined();
  });

  it('cuts a long text at the end of a line, near the start', () => {
    const line = 'word '.repeat(15) + '\n';
    const text = line.repeat(200);
    const head = foldedHead(text)!;
    expect(text.startsWith(head)).toBe(true);
    expect(head.endsWith('\n')).toBe(true);
    expect(head.length).toBeGreaterThan(1_000);
    expect(head.length).toBeLessThanOrEqual(2_000);
  });

  it('closes a code fence that is open at the cut', () => {
    const text = 'Here is the log:\n\n```text\n' + 'line of output\n'.repeat(1_000) + '```\n\nDone.';
    const head = foldedHead(text)!;
    expect(head.startsWith('Here is the log:\n\n```text\nline of output\n')).toBe(true);
    expect(head.trimEnd().endsWith('```')).toBe(true);
    expect(head).not.toContain('Done.');
  });

  it('cuts one enormous line at a space', () => {
    const text = 'token '.repeat(3_000);
    const head = foldedHead(text)!;
    expect(head.length).toBeLessThanOrEqual(2_000);
    expect(text.startsWith(head)).toBe(true);
    expect(text[head.length]).toBe(' ');
  });

  it('cuts a line without spaces where it is', () => {
    expect(foldedHead('x'.repeat(10_000))).toBe('x'.repeat(2_000));
  });
});
