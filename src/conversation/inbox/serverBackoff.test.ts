import { describe, expect, it } from 'vitest';
import { FailureStreaks, nextReadMs } from './serverBackoff';

describe('reading a server again', () => {
  it('keeps its own pace while it answers, and backs off doubling to five minutes when it fails', () => {
    expect(nextReadMs(0, 60_000)).toBe(60_000);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => nextReadMs(n, 60_000))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000, 300_000,
    ]);
  });

  it('counts failures in a row per server, and a success starts over', async () => {
    const streaks = new FailureStreaks();
    const fail = () => Promise.reject(new Error('down'));
    await expect(streaks.track('a', fail)).rejects.toThrow('down');
    await expect(streaks.track('a', fail)).rejects.toThrow('down');
    await expect(streaks.track('b', fail)).rejects.toThrow('down');
    expect([streaks.of('a'), streaks.of('b'), streaks.of('c')]).toEqual([2, 1, 0]);
    await expect(streaks.track('a', () => Promise.resolve(7))).resolves.toBe(7);
    expect([streaks.of('a'), streaks.of('b')]).toEqual([0, 1]);
  });
});
