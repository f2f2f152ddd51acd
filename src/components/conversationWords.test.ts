import { describe, expect, it } from 'vitest';
import { conversationTitle, formatTimestamp, relativeTime } from './conversationWords';

describe('conversationTitle', () => {
  it('prefers the title, then the first user message, then Untitled', () => {
    expect(conversationTitle('Fix bug', 'ignored')).toBe('Fix bug');
    expect(conversationTitle(null, 'Please look at\nthe parser')).toBe('Please look at');
    expect(conversationTitle('  ', undefined)).toBe('Untitled');
    expect(conversationTitle(null, 'x'.repeat(100))).toHaveLength(80);
  });
});

describe('formatTimestamp', () => {
  it('reads naive and zoned timestamps and keeps garbage as it is', () => {
    expect(formatTimestamp('2026-11-20T09:00:00.000000')).toBe(formatTimestamp('2026-11-20T09:00:00Z'));
    expect(formatTimestamp('2026-11-20T09:00:00+00:00')).toBe(formatTimestamp('2026-11-20T09:00:00Z'));
    expect(formatTimestamp('not a date')).toBe('not a date');
  });
});

describe('relativeTime', () => {
  it('says how long ago in a few characters', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(relativeTime('2026-11-22T11:59:40Z', now)).toBe('now');
    expect(relativeTime('2026-11-22T11:15:00Z', now)).toBe('45 min');
    expect(relativeTime('2026-11-22T09:00:00.000000', now)).toBe('3 h');
    expect(relativeTime('2026-11-20T09:00:00Z', now)).toBe('2 d');
    expect(relativeTime('2026-10-01T09:00:00Z', now)).toBe('1 Oct');
  });
});
