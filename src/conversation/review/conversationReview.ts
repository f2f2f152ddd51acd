import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ServerEvent } from '../../agent-server/protocol';
import type { ReviewComment } from './reviewComments';
import { echoedComments, sendingAs, sentAs, unsent } from './reviewDelivery';
import { announceReviewChange, onReviewChange, reviewShelf, type ReviewShelf } from './reviewKeeping';

// One conversation's review comments, in this tab: read from this browser's shelf, written back
// on every change (and told to its other tabs), read again when another tab changes them.

export interface ReviewState {
  comments: readonly ReviewComment[];
  /** The shelf has been read. */
  loaded: boolean;
  /** Comments outlive this tab (false where the browser keeps nothing). */
  lasting: boolean;
}

export type NewComment = Omit<ReviewComment, 'id' | 'createdAt' | 'delivery'>;

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export class ConversationReview {
  readonly store: StoreApi<ReviewState> = createStore<ReviewState>(() => ({
    comments: [],
    loaded: false,
    lasting: true,
  }));
  private readonly stopHearing: () => void;
  /** Writes in the order they were made: a later one never lands under an earlier one. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly server: string,
    private readonly conversation: string,
    private readonly shelf: Promise<ReviewShelf> = reviewShelf(),
    private readonly now: () => number = Date.now,
  ) {
    this.stopHearing = onReviewChange(server, conversation, () => void this.read());
    void this.read();
  }

  get comments(): readonly ReviewComment[] {
    return this.store.getState().comments;
  }

  private async read(): Promise<void> {
    const shelf = await this.shelf;
    await this.writing;
    const comments = await shelf.read(this.server, this.conversation).catch(() => undefined);
    this.store.setState({
      ...(comments ? { comments } : {}),
      loaded: true,
      lasting: shelf.lasting,
    });
  }

  private change(next: readonly ReviewComment[], changed: readonly ReviewComment[], removed: string[] = []) {
    this.store.setState({ comments: next });
    this.writing = this.writing.then(async () => {
      const shelf = await this.shelf;
      try {
        if (changed.length > 0) await shelf.put(this.server, this.conversation, changed);
        if (removed.length > 0) await shelf.remove(this.server, this.conversation, removed);
        announceReviewChange(this.server, this.conversation);
      } catch {
        // A full disk: the comments stay in this tab.
      }
    });
    return this.writing;
  }

  /** Puts changed comments in place of their old selves. */
  private update(changed: readonly ReviewComment[]) {
    const byId = new Map(changed.map((comment) => [comment.id, comment]));
    return this.change(
      this.comments.map((comment) => byId.get(comment.id) ?? comment),
      changed,
    );
  }

  /** Waits for every write made so far. */
  settled(): Promise<void> {
    return this.writing;
  }

  add(comment: NewComment): ReviewComment {
    // Comments are listed in the order they were written: two in one millisecond keep theirs.
    const createdAt = Math.max(this.now(), ...this.comments.map((held) => held.createdAt + 1));
    const made: ReviewComment = { ...comment, id: newId(), createdAt, delivery: { kind: 'draft' } };
    void this.change([...this.comments, made], [made]);
    return made;
  }

  edit(id: string, words: string): void {
    const changed = this.comments
      .filter((comment) => comment.id === id)
      .map((comment) => ({ ...comment, words }));
    void this.update(changed);
  }

  remove(ids: readonly string[]): void {
    void this.change(
      this.comments.filter((comment) => !ids.includes(comment.id)),
      [],
      [...ids],
    );
  }

  /** The comments `ids` go in the message `text`, now. */
  sending(ids: readonly string[], text: string): void {
    const at = this.now();
    const changed = this.comments
      .filter((comment) => ids.includes(comment.id))
      .map((c) => sendingAs(c, text, at));
    void this.update(changed);
  }

  /** Sending comments go back to the tray: their message never reached the server. */
  unsend(ids: readonly string[]): void {
    void this.update(this.comments.filter((comment) => ids.includes(comment.id)).map(unsent));
  }

  /** The server's events are read: comments whose message it holds are sent. */
  noteEvents(events: Iterable<ServerEvent>): void {
    const echoes = echoedComments(this.comments, events);
    if (echoes.size === 0) return;
    const changed = this.comments
      .filter((comment) => echoes.has(comment.id))
      .map((c) => sentAs(c, echoes.get(c.id)!));
    void this.update(changed);
  }

  close(): void {
    this.stopHearing();
  }
}

const open = new Map<string, { review: ConversationReview; holders: number }>();

/**
 * The review of a conversation, shared by everything in this tab that shows it; `release` when
 * done, and the last to release closes it.
 */
export function holdReview(
  server: string,
  conversation: string,
): { review: ConversationReview; release: () => void } {
  const key = `${server}\n${conversation}`;
  let entry = open.get(key);
  if (!entry) open.set(key, (entry = { review: new ConversationReview(server, conversation), holders: 0 }));
  entry.holders += 1;
  const held = entry;
  let released = false;
  return {
    review: held.review,
    release: () => {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders > 0) return;
      held.review.close();
      open.delete(key);
    },
  };
}
