import {
  listedInfo,
  openCopyDatabase,
  type CopiedConversation,
  type CopiedEvent,
  type CopyDatabase,
} from './copySchema';

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
}

export interface CopyUsage {
  conversations: number;
  bytes: number;
}

const everyPosition = (server: string, conversation: string) =>
  IDBKeyRange.bound([server, conversation, -Infinity], [server, conversation, Infinity]);

const sizeOf = (event: unknown) => JSON.stringify(event)?.length ?? 0;

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
   */
  async write(server: string, conversation: string, copy: CopyToWrite): Promise<boolean> {
    if (copy.events.length === 0) return false;
    try {
      const tx = this.db.transaction(['conversations', 'events'], 'readwrite');
      const conversations = tx.objectStore('conversations');
      const events = tx.objectStore('events');
      const before = await conversations.get([server, conversation]);
      const ids = copy.events.map((event) => event.id);
      const top = before ? ids.lastIndexOf(before.highId) : -1;
      const rows: CopiedEvent[] = [];
      const row = (event: { id: string }, position: number): CopiedEvent => ({
        server,
        conversation,
        position,
        id: event.id,
        bytes: sizeOf(event),
        event,
      });
      let meta: CopiedConversation;
      if (before && top >= 0) {
        const bottom = ids.indexOf(before.lowId);
        for (let i = top + 1; i < ids.length; i++) rows.push(row(copy.events[i]!, before.high + i - top));
        for (let i = bottom - 1; i >= 0; i--) rows.push(row(copy.events[i]!, before.low - (bottom - i)));
        const grewDown = bottom > 0;
        meta = {
          ...before,
          high: before.high + (ids.length - 1 - top),
          highId: ids.at(-1)!,
          low: grewDown ? before.low - bottom : before.low,
          lowId: grewDown ? ids[0]! : before.lowId,
          olderCursor: grewDown || bottom === 0 ? copy.olderCursor : before.olderCursor,
          bytes: before.bytes,
        };
      } else {
        if (before) await events.delete(everyPosition(server, conversation));
        copy.events.forEach((event, i) => rows.push(row(event, i)));
        meta = {
          server,
          conversation,
          low: 0,
          high: ids.length - 1,
          lowId: ids[0]!,
          highId: ids.at(-1)!,
          olderCursor: copy.olderCursor,
          openedAt: this.now(),
          bytes: 0,
          head: undefined,
          listed: undefined,
          savedAt: 0,
        };
      }
      for (const added of rows) {
        meta.bytes += added.bytes;
        void events.put(added);
      }
      await conversations.put({
        ...meta,
        head: copy.head,
        listed: listedInfo(copy.info) ?? meta.listed,
        savedAt: this.now(),
      });
      await tx.done;
      return true;
    } catch {
      return false;
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

  async forget(server: string, conversation: string): Promise<void> {
    try {
      const tx = this.db.transaction(['conversations', 'events'], 'readwrite');
      void tx.objectStore('events').delete(everyPosition(server, conversation));
      void tx.objectStore('conversations').delete([server, conversation]);
      await tx.done;
    } catch {
      // Nothing held, or nothing to be done about it.
    }
  }

  async clear(): Promise<void> {
    try {
      const tx = this.db.transaction(['conversations', 'events'], 'readwrite');
      void tx.objectStore('events').clear();
      void tx.objectStore('conversations').clear();
      await tx.done;
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
