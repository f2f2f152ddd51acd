import { asServerEvent, type ServerEvent } from '../agent-server/protocol';
import { EventTree, treeParent, type Branch, type HeadSource } from './branches/eventTree';
import { ConversationProjection } from './projection';

// One event log per open conversation (its controller owns it): what the server said,
// deduplicated by id, with the projection of its active branch kept up to date. History pages and
// socket frames feed it; React reads it through useSyncExternalStore.

export interface IngestOptions {
  live?: boolean;
  transient?: boolean;
}

export class ConversationEventLog {
  private everything = new EventTree();
  /** Events seen only as transient frames: published, maybe not persisted yet. */
  private readonly unpersisted = new Set<string>();
  private current = new ConversationProjection();
  private branch: Branch = { head: undefined, ids: new Set(), frontier: undefined };
  /**
   * The agent's events this page saw arrive over the socket, as they happened: an answer the
   * person has just watched is shown whole (a long one from history is folded to its head).
   */
  private readonly watched = new Set<string>();
  /** Frames or items that could not be keyed (no id or kind): reported, never rendered. */
  rejected = 0;
  private readonly listeners = new Set<() => void>();
  private version = 0;

  /** Every event of every branch. */
  get tree(): EventTree {
    return this.everything;
  }

  /** The rows of the active branch. A new object when HEAD moved to another branch. */
  get projection(): ConversationProjection {
    return this.current;
  }

  /** Whether the server's event is held, whatever its branch. */
  has(eventId: string): boolean {
    return this.tree.has(eventId);
  }

  /** The newest event's timestamp over every branch: the resume cursor for a socket. */
  get newestTimestamp(): string | undefined {
    return this.tree.newestTimestamp;
  }

  /**
   * Takes the server's events as they came (a history page, a REST read): each is checked here,
   * and one that cannot be keyed is counted, never drawn. See `take` for what the options mean.
   */
  ingest(raw: readonly unknown[], options: IngestOptions = {}): void {
    const events: ServerEvent[] = [];
    let rejected = 0;
    for (const item of raw) {
      const event = asServerEvent(item);
      if (event) events.push(event);
      else rejected++;
    }
    this.take(events, options, rejected);
  }

  /**
   * Takes events already checked (asServerEvent): the socket's, which the session reads before
   * they come here, so that each is checked once. `live`: they were appended just now (the socket,
   * or a read of what came after the newest held), so each tree node among them moved HEAD;
   * history pages are not. `transient`: published, maybe not persisted yet.
   */
  take(
    events: readonly ServerEvent[],
    { live = false, transient = false }: IngestOptions = {},
    rejected = 0,
  ): void {
    // An event seen only as transient, now persisted, changes what the copy may hold: a change.
    let confirmed = false;
    for (const event of events)
      if (!transient) confirmed = this.unpersisted.delete(event.id) || confirmed;
      else if (!this.tree.has(event.id)) this.unpersisted.add(event.id);
    const fresh = this.tree.add(events);
    if (live) this.tree.appended(events, new Set(fresh));
    const changed = this.follow(fresh) || rejected > 0 || confirmed;
    this.rejected += rejected;
    if (changed) this.notify();
  }

  /** The agent's event arrived live, before it is ingested (so that its row is drawn knowing it). */
  noteWatched(eventId: string): void {
    this.watched.add(eventId);
  }

  /** Whether this page watched the event arrive (noteWatched). */
  wasWatched(eventId: string): boolean {
    return this.watched.has(eventId);
  }

  /** The events the server persisted (every branch), for the browser's copy. */
  persisted(): ServerEvent[] {
    return [...this.tree.all()].filter((event) => !this.unpersisted.has(event.id));
  }

  /**
   * Forgets every event: the browser's copy painted rows the server turned out not to hold
   * (conversation/copy/copyVerdict.ts). What the server sent is then fed again.
   */
  reset(): void {
    this.everything = new EventTree();
    this.unpersisted.clear();
    this.branch = { head: undefined, ids: new Set(), frontier: undefined };
    this.current = new ConversationProjection();
    this.notify();
  }

  /**
   * HEAD as the server reports it: a navigate's answer, or the info's `leaf_event_id` (or the
   * copy's record of it), which may be older than the events held (EventTree.pin says when it
   * yields).
   */
  setHead(leaf: string | null, { from = 'navigate' }: { from?: HeadSource } = {}): void {
    this.tree.pin(leaf, { from });
    if (this.follow([])) this.notify();
  }

  /**
   * Brings the projection to the active branch: events that joined it are applied; when HEAD
   * left the branch (a switch, an edit), the projection is made again from the new branch.
   */
  private follow(fresh: readonly ServerEvent[]): boolean {
    const before = this.branch;
    const head = this.tree.head;
    const headEvent = head ? this.tree.get(head) : undefined;
    const reachGrew = before.frontier !== undefined && fresh.some((event) => event.id === before.frontier);
    let joined: ServerEvent[] = [];
    if (head === before.head && !reachGrew) {
      // Same branch, same reach.
    } else if (
      !reachGrew &&
      headEvent &&
      before.head &&
      before.ids.has(before.head) &&
      treeParent(headEvent) === before.head
    ) {
      // An event appended under HEAD: the branch grows by one.
      before.ids.add(headEvent.id);
      this.branch = { head, ids: before.ids, frontier: before.frontier };
      joined = [headEvent];
    } else {
      const next = this.tree.branch(head);
      const left = before.head !== undefined && [...before.ids].some((id) => !next.ids.has(id));
      this.branch = next;
      if (left || (before.head === undefined && head !== undefined)) {
        this.rebuild();
        return true;
      }
      for (const id of next.ids) if (!before.ids.has(id)) joined.push(this.tree.get(id)!);
    }
    const shown = fresh.filter((event) => this.tree.onBranch(event, this.branch));
    return this.current.apply(joined.length > 0 ? [...joined, ...shown] : shown);
  }

  private rebuild(): void {
    const projection = new ConversationProjection();
    projection.apply([...this.tree.all()].filter((event) => this.tree.onBranch(event, this.branch)));
    this.current = projection;
  }

  private notify(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;
}
