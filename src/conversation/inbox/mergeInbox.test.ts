import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareEntries, mergeInbox, type InboxEntry, type ServerListing } from './mergeInbox';

// Several servers' lists, newest update first, read a page at a time in any interleaving: what
// the inbox shows only ever grows at its end, and ends as every row read, once, in order.

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();
const entry = (serverId: string, id: string, minute: number): InboxEntry => ({
  serverId,
  id,
  updatedAt: at(minute),
});

function listings(...servers: [string, InboxEntry[], boolean][]) {
  return new Map<string, ServerListing<InboxEntry>>(
    servers.map(([id, items, settled]) => [id, { items, settled }]),
  );
}

const ids = (rows: readonly InboxEntry[]) => rows.map((row) => `${row.serverId}/${row.id}`);

describe('the inbox over several servers', () => {
  it('shows only rows no page to come can precede, and asks first of the server that binds', () => {
    const merged = mergeInbox(
      listings(
        ['a', [entry('a', '1', 50), entry('a', '2', 40)], false],
        ['b', [entry('b', '1', 45), entry('b', '2', 20)], false],
        ['c', [entry('c', '1', 30)], true],
      ),
    );
    // a may hold a row updated between 40 and 20: nothing older than a's 40 shows yet.
    expect(ids(merged.shown)).toEqual(['a/1', 'b/1', 'a/2']);
    expect(merged.holdingBack).toEqual(['a', 'b']);
  });

  it('waits for a server with no page yet, and not for one that cannot answer', () => {
    const waiting = listings(['a', [entry('a', '1', 50)], true], ['b', [], false]);
    expect(mergeInbox(waiting).shown).toEqual([]);
    expect(mergeInbox(waiting).holdingBack).toEqual(['b']);
    const down = listings(['a', [entry('a', '1', 50)], true], ['b', [], true]);
    expect(ids(mergeInbox(down).shown)).toEqual(['a/1']);
  });

  it('keeps one row per conversation, at its newest place, when a list moved between pages', () => {
    const merged = mergeInbox(
      listings(['a', [entry('a', '1', 50), entry('a', '2', 40), entry('a', '2', 30)], true]),
    );
    expect(merged.shown).toEqual([entry('a', '1', 50), entry('a', '2', 40)]);
  });

  it('never skips, doubles or reorders what it showed, whatever the page sizes and arrival order', () => {
    const server = fc.record({
      minutes: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 25 }),
      pageSize: fc.integer({ min: 1, max: 7 }),
      // The server stops answering after this many pages (never, when larger than its pages).
      failsAfter: fc.integer({ min: 0, max: 12 }),
    });
    fc.assert(
      fc.property(
        fc.array(server, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (servers, order) => {
          const lists = servers.map((s, n) =>
            s.minutes.map((minute, i) => entry(`s${n}`, `c${i}`, minute)).sort(compareEntries),
          );
          const pages = servers.map(() => 0);
          const settled = servers.map(() => false);
          const view = () =>
            mergeInbox(
              new Map(
                servers.map((s, n) => [
                  `s${n}`,
                  { items: lists[n]!.slice(0, pages[n]! * s.pageSize), settled: settled[n]! },
                ]),
              ),
            );
          const readPage = (n: number) => {
            const s = servers[n]!;
            if (settled[n]) return;
            if (pages[n]! >= s.failsAfter) settled[n] = true;
            else {
              pages[n]!++;
              if (pages[n]! * s.pageSize >= lists[n]!.length) settled[n] = true;
            }
          };
          let before = view().shown;
          const step = (n: number) => {
            readPage(n);
            const now = view().shown;
            expect(ids(now.slice(0, before.length))).toEqual(ids(before));
            expect(new Set(ids(now)).size).toBe(now.length);
            before = now;
          };
          for (const pick of order) step(pick % servers.length);
          // Then as the inbox would: the server that holds it back, until none does.
          for (let next = view().holdingBack[0]; next !== undefined; next = view().holdingBack[0])
            step(Number(next.slice(1)));
          const read = lists.flatMap((list, n) => list.slice(0, pages[n]! * servers[n]!.pageSize));
          expect(ids(view().shown)).toEqual(ids([...read].sort(compareEntries)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
