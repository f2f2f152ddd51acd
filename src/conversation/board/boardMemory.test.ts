// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { boardMemory, keepGlimpse } from './boardMemory';
import { forgetGlimpses, markSeen } from './boardStorage';

describe('what the board keeps in this browser', () => {
  beforeEach(() => {
    localStorage.clear();
    boardMemory.setState({ seen: {}, glimpses: {} });
  });

  it('keeps the latest moment a conversation was seen, written from anywhere, read by the board', () => {
    markSeen('s/c', '2026-11-29T10:00:00Z');
    markSeen('s/c', '2026-11-29T09:00:00Z');
    expect(boardMemory.getState().seen).toEqual({ 's/c': '2026-11-29T10:00:00Z' });
    expect(JSON.parse(localStorage.getItem('tether.board.seen')!)).toEqual({ 's/c': '2026-11-29T10:00:00Z' });
  });

  it('forgets every glimpse with the browser’s copy: one can hold a command the agent waited to run', () => {
    keepGlimpse('s/c', {
      readAt: 'x',
      edited: false,
      pending: { eventId: 'a', tool: 'terminal', what: 'rm -rf /' },
    });
    expect(localStorage.getItem('tether.board.glimpses')).toContain('rm -rf');
    forgetGlimpses();
    expect(localStorage.getItem('tether.board.glimpses')).toBeNull();
    expect(boardMemory.getState().glimpses).toEqual({});
  });

  it('reads what is not a record as nothing', () => {
    localStorage.setItem('tether.board.seen', '[1,2]');
    markSeen('s/c', '2026-11-29T10:00:00Z');
    expect(boardMemory.getState().seen).toEqual({ 's/c': '2026-11-29T10:00:00Z' });
  });
});
