// How often a server's list is read again. A server that answers is read as often as its
// conversations' statuses call for; one that fails is read again later and later (5 s, 10 s,
// 20 s … up to 5 minutes), and never retried within one read, so a server that is down costs a
// handful of requests a minute and holds nothing else back. A success starts over.

const FIRST_DELAY_MS = 5_000;
const LONGEST_DELAY_MS = 5 * 60_000;

/** The wait before the next read after `failures` reads in a row have failed (0: none failed). */
export function nextReadMs(failures: number, answeringMs: number): number {
  if (failures <= 0) return answeringMs;
  return Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - 1));
}

/** Reads in a row that failed, per server (its query key's server part). */
export class FailureStreaks {
  private readonly streaks = new Map<string, number>();

  of(server: string): number {
    return this.streaks.get(server) ?? 0;
  }

  /** Wraps one read: its outcome lengthens or ends the server's streak. */
  async track<T>(server: string, read: () => Promise<T>): Promise<T> {
    try {
      const result = await read();
      this.streaks.delete(server);
      return result;
    } catch (error) {
      this.streaks.set(server, this.of(server) + 1);
      throw error;
    }
  }
}
