// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { COPY_DATABASE, COPY_VERSION, openCopyDatabase } from './copySchema';
import { EventCopy } from './eventCopy';
import { keepPaint, type KeptPaint } from './keptPaint';

const S = 'http://127.0.0.1:8000';
const event = (n: number) => ({
  id: `e${n}`,
  kind: 'MessageEvent',
  timestamp: `2026-11-26T10:00:${String(n).padStart(2, '0')}`,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(from + i));

let clock = 1000;
const now = () => clock;

async function copy() {
  const opened = await EventCopy.open(now);
  if (!opened) throw new Error('no copy');
  return opened;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  clock = 1000;
});

describe('the browser copy of a conversation', () => {
  it('gives back the newest events, oldest first, and counts the conversation as opened', async () => {
    const store = await copy();
    await store.write(S, 'c1', {
      events: range(0, 9),
      olderCursor: null,
      head: 'e9',
      info: { id: 'c1', title: 'Parser' },
    });
    clock = 5000;
    const read = await store.newest(S, 'c1', 3);
    expect(read?.events).toEqual(range(7, 9));
    expect(read?.meta).toMatchObject({
      head: 'e9',
      listed: { id: 'c1', title: 'Parser' },
      openedAt: 5000,
      olderCursor: null,
    });
    expect(await store.newest(S, 'other', 3)).toBeUndefined();
  });

  it('pages like the server: newest first, page_id inclusive, the next page its first left out', async () => {
    const store = await copy();
    await store.write(S, 'c1', {
      events: range(10, 19),
      olderCursor: 'e9',
      head: undefined,
      info: undefined,
    });
    expect(await store.page(S, 'c1', 'e17', 3)).toEqual({
      items: [event(17), event(16), event(15)],
      next_page_id: 'e14',
    });
    // The page runs into the copy's start: what is older is the server's to give.
    expect(await store.page(S, 'c1', 'e12', 5)).toEqual({
      items: [event(12), event(11), event(10)],
      next_page_id: 'e9',
    });
    expect(await store.page(S, 'c1', 'e3', 5)).toBeUndefined();
  });

  it('grows at both ends without renumbering what it holds', async () => {
    const store = await copy();
    await store.write(S, 'c1', {
      events: range(10, 14),
      olderCursor: 'e9',
      head: undefined,
      info: undefined,
    });
    // A newer page came and older pages were read: one write joins on the copy's newest event.
    await store.write(S, 'c1', {
      events: range(5, 17),
      olderCursor: 'e4',
      head: undefined,
      info: undefined,
    });
    expect((await store.newest(S, 'c1', 100))?.events).toEqual(range(5, 17));
    expect((await store.read(S, 'c1'))?.olderCursor).toBe('e4');
    // Only the newest events of this opening are in the log: the older copy stays as it was.
    await store.write(S, 'c1', {
      events: range(15, 20),
      olderCursor: 'e14',
      head: undefined,
      info: undefined,
    });
    expect((await store.newest(S, 'c1', 100))?.events).toEqual(range(5, 20));
    expect(await store.page(S, 'c1', 'e6', 10)).toEqual({ items: [event(6), event(5)], next_page_id: 'e4' });
  });

  it('writes many events in slices that each leave it whole', async () => {
    const store = await copy();
    const many = Array.from({ length: 1_234 }, (_, i) => ({
      id: `m${i}`,
      kind: 'MessageEvent',
      timestamp: String(i).padStart(6, '0'),
    }));
    await store.write(S, 'c1', {
      events: many.slice(1_000),
      olderCursor: 'm999',
      head: undefined,
      info: undefined,
    });
    await store.write(S, 'c1', { events: many, olderCursor: null, head: undefined, info: undefined });
    expect((await store.newest(S, 'c1', 5_000))?.events).toEqual(many);
    expect(await store.read(S, 'c1')).toMatchObject({ lowId: 'm0', highId: 'm1233', olderCursor: null });
    expect((await store.page(S, 'c1', 'm600', 3))?.items).toEqual([many[600], many[599], many[598]]);
    const fresh = await copy();
    await fresh.write(S, 'c2', { events: many, olderCursor: null, head: undefined, info: undefined });
    expect((await fresh.newest(S, 'c2', 5_000))?.events).toEqual(many);
    expect((await fresh.read(S, 'c2'))?.bytes).toBe((await store.read(S, 'c1'))?.bytes);
  });

  it('is replaced by events that do not reach its newest', async () => {
    const store = await copy();
    await store.write(S, 'c1', { events: range(0, 9), olderCursor: null, head: undefined, info: undefined });
    await store.write(S, 'c1', {
      events: range(30, 32),
      olderCursor: 'e29',
      head: undefined,
      info: undefined,
    });
    expect((await store.newest(S, 'c1', 100))?.events).toEqual(range(30, 32));
    expect(await store.page(S, 'c1', 'e5', 10)).toBeUndefined();
  });

  it('is left as it was when a write fails (a full disk, an event it cannot hold)', async () => {
    const store = await copy();
    await store.write(S, 'c1', { events: range(0, 4), olderCursor: null, head: undefined, info: undefined });
    // A value IndexedDB refuses, as it refuses a write over its quota: the transaction aborts.
    const refused = { ...event(5), refuse: () => 'not cloneable' };
    expect(
      await store.write(S, 'c1', {
        events: [...range(0, 4), refused],
        olderCursor: null,
        head: undefined,
        info: undefined,
      }),
    ).toBe(false);
    expect((await store.newest(S, 'c1', 100))?.events).toEqual(range(0, 4));
    expect(await store.read(S, 'c1')).toMatchObject({ high: 4, highId: 'e4' });
  });

  it('keeps servers apart, and forgets one conversation or everything', async () => {
    const store = await copy();
    await store.write(S, 'c1', { events: range(0, 2), olderCursor: null, head: undefined, info: undefined });
    await store.write('http://other:8000', 'c1', {
      events: range(5, 6),
      olderCursor: null,
      head: undefined,
      info: undefined,
    });
    expect((await store.newest('http://other:8000', 'c1', 10))?.events).toEqual(range(5, 6));
    // How the conversation looked goes with it (keptPaint.ts); another's stays till the clearing.
    keepPaint('/conversations/c1', { conversation: 'c1', html: '', styles: '' } as KeptPaint);
    keepPaint('/conversations/c2', { conversation: 'c2', html: '', styles: '' } as KeptPaint);
    await store.forget(S, 'c1');
    expect(await store.newest(S, 'c1', 10)).toBeUndefined();
    expect(await store.usage()).toMatchObject({ conversations: 1 });
    expect(localStorage.getItem('tether.paint:/conversations/c1')).toBeNull();
    expect(localStorage.getItem('tether.paint:/conversations/c2')).not.toBeNull();
    // What the board glimpsed of the conversations (a command waiting to run, say) goes too.
    localStorage.setItem('tether.board.glimpses', '{"s/c1":{"readAt":"x","edited":true}}');
    await store.clear();
    expect(await store.usage()).toEqual({ conversations: 0, bytes: 0 });
    expect(localStorage.getItem('tether.board.glimpses')).toBeNull();
    expect(localStorage.getItem('tether.paint:/conversations/c2')).toBeNull();
  });

  it('evicts the least recently opened conversations above its limit, never the one being read', async () => {
    const store = await copy();
    for (const [i, id] of ['old', 'middle', 'new'].entries()) {
      clock = 1000 + i;
      await store.write(S, id, { events: range(0, 9), olderCursor: null, head: undefined, info: undefined });
    }
    clock = 2000;
    await store.newest(S, 'old', 1); // opened again: now the most recent
    const one = (await store.usage()).bytes / 3;
    expect(await store.evict(one * 2, { server: S, conversation: 'new' })).toBe(1);
    expect((await store.conversations()).map((meta) => meta.conversation).sort()).toEqual(['new', 'old']);
    // Alone above the limit, the conversation being read stays.
    expect(await store.evict(0, { server: S, conversation: 'new' })).toBe(1);
    expect((await store.conversations()).map((meta) => meta.conversation)).toEqual(['new']);
  });

  it('holds the events and what the list shows, never a key', async () => {
    const store = await copy();
    await store.write(S, 'c1', {
      events: range(0, 1),
      olderCursor: null,
      head: 'e1',
      info: { id: 'c1', title: 'T', agent: { llm: { api_key: 'sk-secret' } } },
    });
    const meta = await store.read(S, 'c1');
    expect(Object.keys(meta!).sort()).toEqual([
      'bytes',
      'conversation',
      'head',
      'high',
      'highId',
      'listed',
      'low',
      'lowId',
      'olderCursor',
      'openedAt',
      'resume',
      'savedAt',
      'server',
    ]);
    expect(meta!.listed).toEqual({ id: 'c1', title: 'T' });
    expect(JSON.stringify(meta)).not.toContain('sk-secret');
  });
});

describe('the copy database', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  it('is created at its version with its stores and indexes', async () => {
    const db = await openCopyDatabase();
    expect(db?.version).toBe(COPY_VERSION);
    expect([...db!.objectStoreNames].sort()).toEqual(['conversations', 'events', 'reviews']);
    const tx = db!.transaction(['conversations', 'events']);
    expect([...tx.objectStore('conversations').indexNames]).toEqual(['openedAt']);
    expect([...tx.objectStore('events').indexNames]).toEqual(['byId']);
    db!.close();
  });

  it('is upgraded from its first version keeping the events, with a place for review comments', async () => {
    const first = await openDB(COPY_DATABASE, 1, {
      upgrade: (db) => {
        db.createObjectStore('conversations', { keyPath: ['server', 'conversation'] }).createIndex(
          'openedAt',
          'openedAt',
        );
        db.createObjectStore('events', { keyPath: ['server', 'conversation', 'position'] }).createIndex(
          'byId',
          ['server', 'conversation', 'id'],
          { unique: true },
        );
      },
    });
    await first.put('events', { server: S, conversation: 'c1', position: 0, id: 'e0', bytes: 1, event: {} });
    first.close();
    const db = await openCopyDatabase();
    expect(db?.version).toBe(COPY_VERSION);
    expect(await db!.count('events')).toBe(1);
    expect(db!.objectStoreNames.contains('reviews')).toBe(true);
    db!.close();
  });

  it('is no copy in this tab, rather than a wait, while an older Tether holds it open', async () => {
    const older = await openDB(COPY_DATABASE, 1, {
      upgrade: (db) => void db.createObjectStore('conversations'),
    });
    // The older tab never lets go: this one does without the copy.
    expect(await openCopyDatabase()).toBeUndefined();
    older.close();
  });

  it('keeps review comments through eviction, and clears them with the copy', async () => {
    const store = await copy();
    await store.write(S, 'c1', { events: range(0, 1), olderCursor: null, head: undefined, info: undefined });
    const db = (await openCopyDatabase())!;
    await db.put('reviews', { server: S, conversation: 'c1', id: 'r1' } as never);
    await store.evict(0);
    expect(await store.read(S, 'c1')).toBeUndefined();
    expect(await db.count('reviews')).toBe(1);
    await store.clear();
    expect(await db.count('reviews')).toBe(0);
    db.close();
  });

  it('keeps what it held when opened again', async () => {
    const store = await copy();
    await store.write(S, 'c1', { events: range(0, 1), olderCursor: null, head: undefined, info: undefined });
    const again = await copy();
    expect((await again.newest(S, 'c1', 5))?.events).toEqual(range(0, 1));
  });

  it('is made again when a database of its name and version has none of its stores', async () => {
    const empty = await openDB(COPY_DATABASE, COPY_VERSION);
    empty.close();
    const store = await copy();
    await store.write(S, 'c1', { events: range(0, 1), olderCursor: null, head: undefined, info: undefined });
    expect((await store.newest(S, 'c1', 5))?.events).toEqual(range(0, 1));
  });

  it('is no copy at all when a newer Tether left a newer database, or there is no IndexedDB', async () => {
    const newer = await openDB(COPY_DATABASE, COPY_VERSION + 1);
    newer.close();
    expect(await openCopyDatabase()).toBeUndefined();
    const saved = globalThis.indexedDB;
    // @ts-expect-error: a browser without IndexedDB
    delete globalThis.indexedDB;
    try {
      expect(await EventCopy.open()).toBeUndefined();
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});
