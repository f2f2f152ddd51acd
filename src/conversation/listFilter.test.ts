import { describe, expect, it } from 'vitest';
import { listFilter } from './listFilter';

describe('the conversation list filter', () => {
  it('keeps titles with every word typed, in any order and case', () => {
    const keep = listFilter('PARSER fix', 'all');
    expect(keep('Fix header parsing', 'finished')).toBe(false);
    expect(keep('Fix the parser', 'finished')).toBe(true);
    expect(listFilter('  ', 'all')('Anything', undefined)).toBe(true);
  });
  it('keeps a status group: working or waiting, finished, paused or idle, error or stuck', () => {
    expect(listFilter('', 'active')('x', 'waiting_for_confirmation')).toBe(true);
    expect(listFilter('', 'active')('x', 'finished')).toBe(false);
    expect(listFilter('', 'failed')('x', 'stuck')).toBe(true);
    expect(listFilter('', 'stopped')('x', 'idle')).toBe(true);
    expect(listFilter('', 'finished')('x', undefined)).toBe(false);
  });
});
