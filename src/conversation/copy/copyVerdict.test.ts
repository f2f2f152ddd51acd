import { describe, expect, it } from 'vitest';
import { inLogOrder, judgeCopy } from './copyVerdict';

const at = (id: string, second: number) => ({
  id,
  timestamp: `2026-11-26T10:00:${String(second).padStart(2, '0')}`,
});

describe('whether the copy fits what the server holds', () => {
  const page = [at('e9', 9), at('e8', 8), at('e7', 7)];

  it('joins when its newest event is on the newest page', () => {
    expect(judgeCopy(at('e8', 8), page, true)).toBe('joins');
  });

  it('is behind when a full page of newer events came since', () => {
    expect(judgeCopy(at('e2', 2), page, true)).toBe('behind');
  });

  it('is unknown to the server when the page reaches back past it without it', () => {
    // A short page is the whole log: a reset server, or another conversation under the id.
    expect(judgeCopy(at('e2', 2), page, false)).toBe('unknown to the server');
    expect(judgeCopy(at('x8', 8), page, true)).toBe('unknown to the server');
    expect(judgeCopy(at('e2', 2), [], false)).toBe('unknown to the server');
  });

  it('orders events as the log does, equal timestamps as given', () => {
    expect(inLogOrder([at('b', 2), at('a', 1), at('c', 2)]).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });
});
