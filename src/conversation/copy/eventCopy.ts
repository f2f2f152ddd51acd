import { noteCopyKept } from './copyHint';
import { openCopyDatabase, type CopiedConversation, type CopyDatabase } from './copySchema';
import { listedInfo, type ListedInfo } from './listedInfo';
import { forgetKeptLists, keptList } from './keptList';
import { forgetFirstAsked } from './keptFirstAsked';
import { forgetPaints, forgetPaintsOf } from './keptPaint';
import { forgetGlimpses } from '../board/boardStorage';
import type { CopyResume } from './copyResume';

// Reads and writes of the browser's copy (copySchema.ts says what it holds). Every write is one
// transaction, so a full disk or a closed tab leaves the copy as it was, never with a hole.
// Failures are swallowed on purpose: the copy only ever saves time, and the server is the truth.

export interface CopyRead {
  meta: CopiedConversation;
  /** The newest events held, oldest first. */
  events: unknown[];
}

/** A history page as the server pages it: newest first, `page_id` inclusive. */
export interface CopyPage {
  items: unknown[];
  next_page_id: string | null;
}

export interface CopyToWrite {
  /** Persisted events in log order, oldest first, with none missing between them. */
  events: readonly { id: string }[];
  /** The server's page for what is older than `events[0]`; null when that is the first event. */
  olderCursor: string | null;
  head: string | null | undefined;
  /** The conversation's info as last read: only what the list shows of it is kept. */
  info: unknown;
  /** The socket's seq of the newest of `events`, when known. */
  resume?: CopyResume;
}

export interface CopyUsage {
  conversations: number;
  bytes: number;
}

const everyPosition = (server: string, conversation: string) =>
  IDBKeyRange.bound([server, conversation, -Infinity], [server, conversation, Infinity]);

const sizeOf = (event: unknown) => JSON.stringify(event)?.length ?? 0;

/** Events cloned into IndexedDB in one transaction: a few milliseconds of the page's time. */
const WRITE_SLICE = 500;

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** Lets the page draw between two slices of a long write. */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class EventCopy {
  constructor(
    private readonly db: CopyDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  static async open(now?: () => number): Promise<EventCopy | undefined> {
    const db = await openCopyDatabase();
    return db ? new EventCopy(db, now) : undefined;
  }

  /** The newest `count` events held, and the conversation counts as opened now (eviction). */
  async newest(server: string, conversation: string, count: number): Promise<CopyRead | undefined> {
    try {
      const tx = this.db.transaction(['conversations', 'events'], 'readwrite');
      const meta = await tx.objectStore('conversations').get([server, conversation]);
      if (!meta) return undefined;
      const from = Math.max(meta.low, meta.high - count + 1);
      const rows = await tx
        .objectStore('events')
        .getAll(IDBKeyRange.bound([server, conversation, from], [server, conversation, meta.high]));
      const opened = { ...meta, openedAt: this.now() };
      await tx.objectStore('conversations').put(opened);
      await tx.done;
      return { meta: opened, events: rows.map((row) => row.event) };
    } catch {
      return undefined;
    }
  }

  /** The page that starts at `pageId`, when the copy holds that event; undefined otherwise. */
  async page(
    server: string,
    conversation: string,
    pageId: string,
    limit: number,
  ): Promise<CopyPage | undefined> {
    try {
      const tx = this.db.transaction(['conversations', 'events']);
      const meta = await tx.objectStore('conversations').get([server, conversation]);
      const start = await tx.objectStore('events').index('byId').get([server, conversation, pageId]);
      if (!meta || !start) return undefined;
      const lowest = start.position - limit + 1;
      const rows = await tx
        .objectStore('events')
        .getAll(
          IDBKeyRange.bound(
            [server, conversation, Math.max(meta.low, lowest)],
            [server, conversation, start.position],
          ),
        );
      const next =
        lowest > meta.low
          ? ((await tx.objectStore('events').get([server, conversation, lowest - 1]))?.id ?? null)
          : meta.olderCursor;
      return { items: rows.reverse().map((row) => row.event), next_page_id: next };
    } catch {
      return undefined;
    }
  }

  /**
   * Brings the copy up to `copy`: events newer than the copy's newest are added above it, older
   * than its oldest below it. When `copy` does not reach the copy's newest event, the two have
   * nothing in common to join on and `copy` replaces it.
   *
   * Written in slices of WRITE_SLICE events, one transaction each, growing outward from what is
   * held (newer ones upward, older ones downward), so that the copy has no hole after any of
   * them, and the page draws between two slices: ten thousand events cloned at once would hold
   * the page for a quarter of a second.
   */
  async write(server: string, conversation: string, copy: CopyToWrite): Promise<boolean> {
    if (copy.events.length === 0) return false;
    try {
      const before = await this.db.get('conversations', [server, conversation]);
      const ids = copy.events.map((event) => event.id);
      const top = before ? ids.lastIndexOf(before.highId) : -1;
      const listed = listedInfo(copy.info);
      const stamp = (meta: CopiedConversation): CopiedConversation => ({
        ...meta,
        head: copy.head,
        listed: listed ?? meta.listed,
        resume: copy.resume,
        savedAt: this.now(),
      });
      let meta: CopiedConversation;
      let above: number[];
      let below: number[];
      if (before && top >= 0) {
        meta = before;
        const bottom = ids.indexOf(before.lowId);
        above = range(top + 1, ids.length - 1);
        below = bottom > 0 ? range(0, bottom - 1).reverse() : [];
        // Only the listed info and HEAD changed: one small write.
        if (above.length === 0 && below.length === 0) {
          await this.db.put('conversations', stamp(meta));
          return true;
        }
      } else {
        // A new copy starts with its newest slice, in place of whatever was held.
        const newest = Math.max(0, ids.length - WRITE_SLICE);
        const empty: CopiedConversation = {
          server,
          conversation,
          low: 0,
          high: -1,
          lowId: '',
          highId: '',
          olderCursor: null,
          openedAt: this.now(),
          bytes: 0,
          head: undefined,
          listed: undefined,
          savedAt: 0,
        };
        meta = stamp(await this.commit(empty, range(newest, ids.length - 1), [], copy, Boolean(before)));
        above = [];
        below = range(0, newest - 1).reverse();
      }
      for (let i = 0; i < above.length; i += WRITE_SLICE) {
        meta = await this.commit(meta, above.slice(i, i + WRITE_SLICE), [], copy);
        await breathe();
      }
      for (let i = 0; i < below.length; i += WRITE_SLICE) {
        meta = await this.commit(meta, [], below.slice(i, i + WRITE_SLICE), copy);
        await breathe();
      }
      await this.db.put('conversations', stamp(meta));
      noteCopyKept(true);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * One slice in one transaction: `up` (indexes into copy.events, ascending) above the copy's
   * newest, `down` (descending) below its oldest. An empty copy (`high < low`) starts with `up`;
   * `replacing` clears what was held first, in the same transaction.
   */
  private async commit(
    held: CopiedConversation,
    up: readonly number[],
    down: readonly number[],
    copy: CopyToWrite,
    replacing = false,
  ): Promise<CopiedConversation> {
    const { server, conversation } = held;
    const tx = this.db.transaction(['conversations', 'events'], 'readwrite');
    const events = tx.objectStore('events');
    if (replacing) void events.delete(everyPosition(server, conversation));
    const meta = { ...held };
    const put = (index: number, position: number) => {
      const event = copy.events[index]!;
      const bytes = sizeOf(event);
      meta.bytes += bytes;
      void events.put({ server, conversation, position, id: event.id, bytes, event });
    };
    /** The cursor for what is older than the event at `index`. */
    const olderThan = (index: number) => (index > 0 ? copy.events[index - 1]!.id : copy.olderCursor);
    const wasEmpty = meta.high < meta.low;
    for (const index of up) put(index, ++meta.high);
    if (up.length) meta.highId = copy.events[up.at(-1)!]!.id;
    if (wasEmpty && up.length) {
      meta.lowId = copy.events[up[0]!]!.id;
      meta.olderCursor = olderThan(up[0]!);
    }
    for (const index of down) put(index, --meta.low);
    if (down.length) {
      meta.lowId = copy.events[down.at(-1)!]!.id;
      meta.olderCursor = olderThan(down.at(-1)!);
    }
    void tx.objectStore('conversations').put(meta);
    await tx.done;
    return meta;
  }

  /** The events at positions `from` to `to`, oldest first (the search index reads by position). */
  async range(
    server: string,
    conversation: string,
    from: number,
    to: number,
  ): Promise<{ position: number; id: string; event: unknown }[]> {
    if (to < from) return [];
    try {
      const rows = await this.db.getAll(
        'events',
        IDBKeyRange.bound([server, conversation, from], [server, conversation, to]),
      );
      return rows.map(({ position, id, event }) => ({ position, id, event }));
    } catch {
      return [];
    }
  }

  async read(server: string, conversation: string): Promise<CopiedConversation | undefined> {
    try {
      return await this.db.get('conversations', [server, conversation]);
    } catch {
      return undefined;
    }
  }

  /** Every conversation held, for a server or for all. */
  async conversations(server?: string): Promise<CopiedConversation[]> {
    try {
      const all = await this.db.getAll('conversations');
      return server === undefined ? all : all.filter((meta) => meta.server === server);
    } catch {
      return [];
    }
  }

  /**
   * What this browser can list of a server it cannot reach: the server's list as last read here,
   * and every conversation kept here, each as it was seen last (a conversation's copy written
   * after the list was read knows its newer title and status), newest first.
   */
  async listed(server: string): Promise<ListedInfo[]> {
    const list = keptList(server);
    const byId = new Map((list?.items ?? []).map((listed) => [listed.id, listed]));
    for (const meta of await this.conversations(server))
      if (meta.listed && (!byId.has(meta.listed.id) || meta.savedAt > (list?.savedAt ?? 0)))
        byId.set(meta.listed.id, meta.listed);
    return [...byId.values()].sort((a, b) => (b.updated_at ?? '').localeCompare(a.updated_at ?? ''));
  }

  /**
   * Forgets a conversation's copy; its review comments too with `reviews` (it is deleted), not
   * otherwise: eviction and a copy found wrong leave the person's own words.
   */
  async forget(server: string, conversation: string, { reviews = false } = {}): Promise<void> {
    try {
      const tx = this.db.transaction(['conversations', 'events', 'reviews'], 'readwrite');
      void tx.objectStore('events').delete(everyPosition(server, conversation));
      void tx.objectStore('conversations').delete([server, conversation]);
      if (reviews)
        void tx
          .objectStore('reviews')
          .delete(IDBKeyRange.bound([server, conversation, ''], [server, conversation, '\uffff']));
      await tx.done;
      // How it looked goes with what it held: a paint of a copy found wrong, or of a deleted
      // conversation, would show what is not so.
      forgetPaintsOf(conversation);
    } catch {
      // Nothing held, or nothing to be done about it.
    }
  }

  async clear(): Promise<void> {
    try {
      const tx = this.db.transaction(['conversations', 'events', 'reviews'], 'readwrite');
      void tx.objectStore('events').clear();
      void tx.objectStore('conversations').clear();
      // The person's review comments too: clearing is how a shared computer is left clean.
      void tx.objectStore('reviews').clear();
      await tx.done;
      noteCopyKept(false);
      forgetKeptLists();
      forgetFirstAsked();
      forgetGlimpses();
      forgetPaints();
    } catch {
      // As above.
    }
  }

  async usage(): Promise<CopyUsage> {
    const all = await this.conversations();
    return { conversations: all.length, bytes: all.reduce((sum, meta) => sum + meta.bytes, 0) };
  }

  /**
   * Forgets the least recently opened conversations until the copy fits in `limitBytes`; the
   * one being read (`keep`) stays, even alone above the limit.
   */
  async evict(limitBytes: number, keep?: { server: string; conversation: string }): Promise<number> {
    const all = await this.conversations();
    let total = all.reduce((sum, meta) => sum + meta.bytes, 0);
    let forgotten = 0;
    for (const meta of all.sort((a, b) => a.openedAt - b.openedAt)) {
      if (total <= limitBytes) break;
      if (keep && meta.server === keep.server && meta.conversation === keep.conversation) continue;
      await this.forget(meta.server, meta.conversation);
      total -= meta.bytes;
      forgotten++;
    }
    return forgotten;
  }
}
