import { describe, expect, it } from 'vitest';
import type { RowReader } from '../rowReader';
import type { ToolCall } from '../toolCalls';
import { edit } from '../testing/toolCallFixtures';
import { newestEditOf } from './editSource';

const rowsOf = (turns: ToolCall[][]): RowReader => ({
  rowOrder: turns.map((_, index) => `turn-${index}`),
  turnCallsAt: (index) => turns[index],
  eventOf: () => undefined,
});

describe('the event that made a file as it is', () => {
  it('is the newest edit of it that changed it', () => {
    const rows = rowsOf([
      [edit('1', '/w/a.py', { old: 'a', new: 'b' }), edit('2', '/w/b.py', { old: 'a', new: 'b' })],
      [
        edit('3', '/w/a.py', { old: 'b', new: 'c' }),
        edit('4', '/w/a.py', { command: 'view' }),
        edit('5', '/w/a.py', { old: 'c', new: 'd', error: true }),
      ],
    ]);
    expect(newestEditOf(rows, '/w/a.py')).toBe('o-3');
    expect(newestEditOf(rows, '/w/b.py')).toBe('o-2');
    expect(newestEditOf(rows, '/w/c.py')).toBeUndefined();
  });
});
