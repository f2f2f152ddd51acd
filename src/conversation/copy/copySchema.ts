import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CopyResume } from './copyResume';
import type { ListedInfo } from './listedInfo';
import type { ReviewComment } from '../review/reviewComments';

// The browser's copy of conversations, in IndexedDB. One database for every server: a record
// per conversation (where its copy starts and ends, when it was opened), and its events keyed by
// server, conversation and position in the server's log. Positions count up for newer events and
// down for older ones, so a copy grows at both ends without renumbering. The server's address
// is the key: the session key is never stored here, and neither is anything the info carries
// beyond what the list shows (its agent settings hold the model's key). Beside them, since
// version 2, the person's review comments on each conversation's diffs (review/reviewKeeping.ts):
// they are the person's own words, not a copy, so eviction leaves them; clearing takes them.

export const COPY_DATABASE = 'tether-copy';
export const COPY_VERSION = 2;

export interface CopiedConversation {
  server: string;
  conversation: string;
  /** Positions of the oldest and newest events held. */
  low: number;
  high: number;
  lowId: string;
  highId: string;
  /** The page to ask the server for what is older than the copy; null when it holds the start. */
  olderCursor: string | null;
  /** HEAD when the copy was written (the info's `leaf_event_id`). */
  head: string | null | undefined;
  /** What the list shows of it, to list it while the server is away. */
  listed: ListedInfo | undefined;
  /**
   * The session socket's seq of the newest event held, when the copy was written from a log that
   * held every event up to it: the next opening's socket asks only for what came after.
   */
  resume?: CopyResume;
  savedAt: number;
  openedAt: number;
  /** The JSON size of the events held: what eviction weighs. */
  bytes: number;
}

export interface CopiedEvent {
  server: string;
  conversation: string;
  position: number;
  id: string;
  bytes: number;
  event: unknown;
}

export interface KeptComment extends ReviewComment {
  server: string;
  conversation: string;
}

export interface CopySchema extends DBSchema {
  conversations: {
    key: [string, string];
    value: CopiedConversation;
    indexes: { openedAt: number };
  };
  events: {
    key: [string, string, number];
    value: CopiedEvent;
    indexes: { byId: [string, string, string] };
  };
  reviews: {
    key: [string, string, string];
    value: KeptComment;
  };
}

export type CopyDatabase = IDBPDatabase<CopySchema>;

/** Brings a database of any earlier version (none: a new one) to this one. */
export function upgradeCopy(db: IDBPDatabase<CopySchema>, oldVersion: number): void {
  if (oldVersion < 1) {
    const conversations = db.createObjectStore('conversations', { keyPath: ['server', 'conversation'] });
    conversations.createIndex('openedAt', 'openedAt');
    const events = db.createObjectStore('events', { keyPath: ['server', 'conversation', 'position'] });
    events.createIndex('byId', ['server', 'conversation', 'id'], { unique: true });
  }
  if (oldVersion < 2) db.createObjectStore('reviews', { keyPath: ['server', 'conversation', 'id'] });
}

const STORES = ['conversations', 'events', 'reviews'] as const;

/**
 * The database, or undefined where there is none: no IndexedDB (some private windows), a
 * database left by a newer Tether, or one the browser refuses to open. Tether then works as it
 * did before it kept a copy.
 */
export async function openCopyDatabase(): Promise<CopyDatabase | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  const open = () =>
    new Promise<CopyDatabase | undefined>((resolve, reject) => {
      let refused = false;
      let db: CopyDatabase | undefined;
      openDB<CopySchema>(COPY_DATABASE, COPY_VERSION, {
        upgrade: (db, oldVersion) => upgradeCopy(db, oldVersion),
        // A tab of an older Tether holds the database open and will not let it be upgraded:
        // this tab works without the copy rather than wait for that tab to close.
        blocked: () => {
          refused = true;
          resolve(undefined);
        },
        // A newer Tether in another tab upgrades it: this tab lets go (its writes then fail, and
        // are swallowed, as for a full disk).
        blocking: () => db?.close(),
      }).then((opened) => {
        db = opened;
        if (refused) opened.close();
        else resolve(opened);
      }, reject);
    });
  try {
    const db = await open();
    closeWarmConnection();
    if (!db) return undefined;
    if (STORES.every((store) => db.objectStoreNames.contains(store))) return db;
    // A database of this name and version without its stores (made by something that only meant
    // to read it): nothing in it is Tether's, so it is made again.
    db.close();
    await deleteDB(COPY_DATABASE);
    return await open();
  } catch {
    return undefined;
  }
}

/**
 * The connection index.html opens while the scripts load, when an address opens a conversation
 * this browser keeps: IndexedDB's first opening in a page took 100 to 180 ms on the bench
 * machine, and the copy's rows wait for it. Once the app has its own connection, it goes.
 */
function closeWarmConnection(): void {
  const holder = globalThis as { __tetherCopyWarm?: IDBDatabase };
  holder.__tetherCopyWarm?.close();
  holder.__tetherCopyWarm = undefined;
}
