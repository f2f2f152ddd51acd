import { describe, expect, it } from 'vitest';
import { BUSY_READ_MS, IDLE_READ_MS, listReadMs } from './listReadRule';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();
const info = (id: string, execution_status: string, secondsAgo = 3600) =>
  ({ id, execution_status, updated_at: at(secondsAgo) }) as never;

describe('how soon a server’s list is read again', () => {
  it('is soon while a conversation nobody has open works or waits', () => {
    expect(listReadMs([info('a', 'finished'), info('b', 'running')], undefined, NOW)).toBe(BUSY_READ_MS);
    expect(listReadMs([info('b', 'waiting_for_confirmation')], undefined, NOW)).toBe(BUSY_READ_MS);
  });

  it('leaves the open conversation to its session', () => {
    expect(listReadMs([info('b', 'running')], 'b', NOW)).toBe(IDLE_READ_MS);
  });

  it('is soon for one just created or touched and still idle: its run may be starting', () => {
    expect(listReadMs([info('new', 'idle', 3)], undefined, NOW)).toBe(BUSY_READ_MS);
    expect(listReadMs([info('old', 'idle', 120)], undefined, NOW)).toBe(IDLE_READ_MS);
    expect(listReadMs([info('done', 'finished', 3)], undefined, NOW)).toBe(IDLE_READ_MS);
  });
});
