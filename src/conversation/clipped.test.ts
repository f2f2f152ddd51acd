import { describe, expect, it } from 'vitest';
import { clipped } from './clipped';

describe('clipped text', () => {
  it('is trimmed, and cut with its end marked only where it is longer than the limit', () => {
    expect(clipped('  short  ', 10)).toBe('short');
    expect(clipped('abcdefgh', 5)).toBe('abcd…');
    expect(clipped('abc  defgh', 6)).toBe('abc…');
    expect(clipped('abcde', 5)).toBe('abcde');
  });
});
