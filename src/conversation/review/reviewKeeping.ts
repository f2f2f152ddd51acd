import { openCopyDatabase, type CopyDatabase, type KeptComment } from '../copy/copySchema';
import type { ReviewComment } from './reviewComments';

// Review comments kept in this browser, beside its copy of the conversations (copySchema.ts), so
// that a reload, a lost connection or a day offline finds them as they were. Other tabs of this
// browser hear of each change and read again. Without IndexedDB, comments last as long as the tab.
// A deleted conversation's go with its copy (EventCopy.forget).

const CHANNEL = 'tether-reviews';

export interface ReviewShelf {
  read(server: string, conversation: string): Promise<ReviewComment[]>;
  put(server: string, conversation: string, comments: readonly ReviewComment[]): Promise<void>;
  remove(server: string, conversation: string, ids: readonly string[]): Promise<void>;
  /** Whether comments outlive this tab. */
  readonly lasting: boolean;
}

const everyComment = (server: string, conversation: string) =>
  IDBKeyRange.bound([server, conversation, ''], [server, conversation, '\uffff']);

const strip = ({ server: _server, conversation: _conversation, ...comment }: KeptComment): ReviewComment =>
  comment;

class IndexedShelf implements ReviewShelf {
  readonly lasting = true;
  constructor(private readonly db: CopyDatabase) {}

  async read(server: string, conversation: string): Promise<ReviewComment[]> {
    const kept = await this.db.getAll('reviews', everyComment(server, conversation));
    return kept.map(strip).sort((a, b) => a.createdAt - b.createdAt);
  }

  async put(server: string, conversation: string, comments: readonly ReviewComment[]): Promise<void> {
    const tx = this.db.transaction('reviews', 'readwrite');
    for (const comment of comments) void tx.store.put({ ...comment, server, conversation });
    await tx.done;
  }

  async remove(server: string, conversation: string, ids: readonly string[]): Promise<void> {
    const tx = this.db.transaction('reviews', 'readwrite');
    for (const id of ids) void tx.store.delete([server, conversation, id]);
    await tx.done;
  }
}

/** This tab's own comments, where the browser keeps nothing. */
export class TabShelf implements ReviewShelf {
  readonly lasting = false;
  private readonly held = new Map<string, Map<string, ReviewComment>>();

  private of(server: string, conversation: string) {
    const key = `${server}\n${conversation}`;
    let comments = this.held.get(key);
    if (!comments) this.held.set(key, (comments = new Map()));
    return comments;
  }

  read(server: string, conversation: string): Promise<ReviewComment[]> {
    return Promise.resolve([...this.of(server, conversation).values()]);
  }

  put(server: string, conversation: string, comments: readonly ReviewComment[]): Promise<void> {
    for (const comment of comments) this.of(server, conversation).set(comment.id, comment);
    return Promise.resolve();
  }

  remove(server: string, conversation: string, ids: readonly string[]): Promise<void> {
    for (const id of ids) this.of(server, conversation).delete(id);
    return Promise.resolve();
  }
}

let opening: Promise<ReviewShelf> | undefined;

export function reviewShelf(): Promise<ReviewShelf> {
  opening ??= openCopyDatabase().then((db) => (db ? new IndexedShelf(db) : new TabShelf()));
  return opening;
}

/** Tells this browser's other tabs that a conversation's comments changed. */
export function announceReviewChange(server: string, conversation: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ server, conversation });
  channel.close();
}

/** Hears other tabs' changes to a conversation's comments. */
export function onReviewChange(server: string, conversation: string, listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ server?: unknown; conversation?: unknown }>) => {
    if (event.data.server === server && event.data.conversation === conversation) listener();
  };
  return () => channel.close();
}
