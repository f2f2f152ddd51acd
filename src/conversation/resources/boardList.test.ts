import { describe, expect, it } from 'vitest';
import type { ConversationInfo } from '../../agent-server/protocol';
import { newestFirst } from './boardList';

const info = (id: string, minute: number, status: ConversationInfo['execution_status'] = 'finished') => ({
  id,
  execution_status: status,
  created_at: '2026-11-29T09:00:00Z',
  updated_at: `2026-11-29T10:${String(minute).padStart(2, '0')}:00Z`,
});

describe('the board’s list between two whole reads', () => {
  it('takes the first page as it is now, and the rest as the last whole read had it', () => {
    const held = [info('a', 30), info('b', 20), info('c', 10)];
    // c ran again since: it is on the first page now, newer than all.
    const firstPage = [info('c', 40, 'running'), info('a', 30)];
    expect(newestFirst(firstPage, held)).toEqual([info('c', 40, 'running'), info('a', 30), info('b', 20)]);
  });
});
