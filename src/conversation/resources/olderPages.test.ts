import { describe, expect, it, vi } from 'vitest';
import type { Page } from '../../agent-server/protocol';
import { readOlderPages } from './olderPages';

/** Ten older pages of three events, p1 newest: page pN holds eN-0..eN-2 and points to pN+1. */
const server = (failAt?: string) => {
  const reads: string[] = [];
  const read = (cursor: string): Promise<Page<unknown>> => {
    reads.push(cursor);
    if (cursor === failAt) return Promise.reject(new Error('502'));
    const n = Number(cursor.slice(1));
    return Promise.resolve({
      items: [0, 1, 2].map((i) => ({ id: `e${n}-${i}` })),
      next_page_id: n < 10 ? `p${n + 1}` : null,
    });
  };
  return { reads, read };
};

const handed = () => {
  const batches: string[][] = [];
  const handOver = vi.fn((pages: Page<unknown>[], cursors: string[]) => {
    expect(pages).toHaveLength(cursors.length);
    batches.push(cursors);
    return true;
  });
  return { batches, handOver };
};

describe('reading older pages', () => {
  it('hands over every page up to the one holding the event, at once', async () => {
    const { reads, read } = server();
    const { batches, handOver } = handed();
    await readOlderPages({ from: 'p1', read, until: 'e6-1', handOver, now: () => 0 });
    expect(reads).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(batches).toEqual([['p1', 'p2', 'p3', 'p4', 'p5', 'p6']]);
  });

  it('reads to the beginning without an event, handing over now and then', async () => {
    const { read } = server();
    const { batches, handOver } = handed();
    let clock = 0;
    const slowRead = async (cursor: string) => {
      clock += 150;
      return read(cursor);
    };
    await readOlderPages({ from: 'p1', read: slowRead, handOver, now: () => clock, handOverEveryMs: 400 });
    expect(batches).toEqual([['p1', 'p2', 'p3'], ['p4', 'p5', 'p6'], ['p7', 'p8', 'p9'], ['p10']]);
  });

  it('stops when what is held no longer ends where its pages begin', async () => {
    const { reads, read } = server();
    let clock = 0;
    const handOver = vi.fn(() => false);
    await readOlderPages({
      from: 'p1',
      read: async (cursor) => ((clock += 500), read(cursor)),
      handOver,
      now: () => clock,
    });
    expect(handOver).toHaveBeenCalledOnce();
    expect(reads).toEqual(['p1']);
  });

  it('hands over what came before a failed page, then fails', async () => {
    const { read } = server('p4');
    const { batches, handOver } = handed();
    await expect(readOlderPages({ from: 'p1', read, until: 'e9-0', handOver, now: () => 0 })).rejects.toThrow(
      '502',
    );
    expect(batches).toEqual([['p1', 'p2', 'p3']]);
  });

  it('stops, handing nothing over, once nobody waits', async () => {
    const { reads, read } = server();
    const { batches, handOver } = handed();
    let open = true;
    await readOlderPages({
      from: 'p1',
      read: async (cursor) => {
        if (cursor === 'p3') open = false;
        return read(cursor);
      },
      until: 'e9-0',
      handOver,
      wanted: () => open,
      now: () => 0,
    });
    expect(reads).toEqual(['p1', 'p2', 'p3']);
    expect(batches).toEqual([]);
  });
});
