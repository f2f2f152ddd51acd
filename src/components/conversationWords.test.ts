import { describe, expect, it } from 'vitest';
import { conversationTitle, formatTimestamp } from './conversationWords';

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
