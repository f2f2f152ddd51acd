import { describe, expect, it } from 'vitest';
import { exportFileName } from './exportConversation';

describe('export file names', () => {
  const day = new Date('2026-11-22T23:30:00Z');
  it('are the title in plain letters and the day', () => {
    expect(exportFileName('Fix header parsing', day, 'markdown')).toBe('fix-header-parsing-2026-11-22.md');
    expect(exportFileName('Café: “déjà vu” / tests!', day, 'json')).toBe(
      'cafe-deja-vu-tests-2026-11-22.json',
    );
  });
  it('say "conversation" when the title has no letters, and stay short', () => {
    expect(exportFileName('😀 ✨', day, 'markdown')).toBe('conversation-2026-11-22.md');
    const long = exportFileName('word '.repeat(40), day, 'markdown');
    expect(long.length).toBeLessThanOrEqual(60 + '-2026-11-22.md'.length);
    expect(long).not.toContain('--');
  });
});
