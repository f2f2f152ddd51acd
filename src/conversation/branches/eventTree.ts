import type { ServerEvent } from '../../agent-server/protocol';
import { sortKeyOf } from '../projection';

// The server keeps a conversation as a tree of events: each names its parent, and HEAD (the
// info's `leaf_event_id`) is the leaf of the branch the agent works on. `events/search` returns
// every branch; only the path from HEAD to the root is the conversation as it stands.
//
// Rules read in the SDK (`event/base.py`, `conversation/state.py`, `event_store.py`):
// - appending an event makes it HEAD, except a ConversationStateUpdateEvent, which is no tree
//   node (it is stamped with a parent but never becomes one);
// - `navigate` moves HEAD without appending anything, and no event says so: only the info does;
// - a parent of `null` (or none) is a root, or a legacy event from before the tree, whose parent
//   is the event before it — a linear log, so such events are always on the branch;
// - `"__root__"` marks an explicit root that is not the first event.

const ROOT_PARENT_ID = '__root__';

/**
 * The parent an event names: an id, `null` for a root or a legacy event, `undefined` for an
 * event that is no tree node.
 */
export function treeParent(event: ServerEvent): string | null | undefined {
  if (event.kind === 'ConversationStateUpdateEvent') return undefined;
  const parent = (event as { parent_id?: unknown }).parent_id;
  return typeof parent === 'string' && parent !== ROOT_PARENT_ID ? parent : null;
}

/** The events on the branch that ends at a leaf, and the missing parent its walk stopped at. */
export interface Branch {
  readonly head: string | null | undefined;
  readonly ids: Set<string>;
  /** The parent of the oldest event held on the branch, when that parent is not loaded yet. */
  readonly frontier: string | undefined;
}

/**
 * Every event the server gave, and which of them form the active branch. HEAD is the newest tree
 * node (each append makes its event HEAD), unless the server said otherwise (`pin`) after the
 * newest event held then: a navigate moves HEAD back, and only appends after it move it on.
 */
export class EventTree {
  private readonly byId = new Map<string, ServerEvent>();
  /** Tree nodes by the parent they name. */
  private readonly children = new Map<string, ServerEvent[]>();
  private newestNode: { key: string; id: string } | undefined;
  private newestKey = '';
  private pinned: { leaf: string | null; since: string } | undefined;

  /** Adds events; returns those not held before, in the order given. */
  add(events: readonly ServerEvent[]): ServerEvent[] {
    const fresh: ServerEvent[] = [];
    for (const event of events) {
      if (this.byId.has(event.id)) continue;
      this.byId.set(event.id, event);
      fresh.push(event);
      const key = sortKeyOf(event);
      if (key > this.newestKey) this.newestKey = key;
      const parent = treeParent(event);
      if (parent === undefined) continue;
      if (parent !== null) {
        const siblings = this.children.get(parent);
        if (siblings) siblings.push(event);
        else this.children.set(parent, [event]);
      }
      if (!this.newestNode || key > this.newestNode.key) this.newestNode = { key, id: event.id };
    }
    return fresh;
  }

  /** HEAD as the server reported it (a navigate's answer, or the info's `leaf_event_id`). */
  pin(leaf: string | null): void {
    this.pinned = { leaf, since: this.newestKey };
  }

  /** The active leaf; `null` for a deliberately empty HEAD, `undefined` while no tree node is held. */
  get head(): string | null | undefined {
    const newest = this.newestNode;
    if (newest && (!this.pinned || newest.key > this.pinned.since)) return newest.id;
    return this.pinned?.leaf ?? (this.pinned ? null : undefined);
  }

  get(id: string): ServerEvent | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** The newest timestamp among all events held, whatever their branch. */
  get newestTimestamp(): string | undefined {
    return this.newestKey ? this.newestKey.slice(0, this.newestKey.indexOf('\u0000')) : undefined;
  }

  all(): IterableIterator<ServerEvent> {
    return this.byId.values();
  }

  /** The path from a leaf up through the parents held. */
  branch(head: string | null | undefined): Branch {
    const ids = new Set<string>();
    let current = head ?? undefined;
    while (current !== undefined) {
      const event = this.byId.get(current);
      if (!event) return { head, ids, frontier: current };
      ids.add(current);
      current = treeParent(event) ?? undefined;
    }
    return { head, ids, frontier: undefined };
  }

  /** Whether an event shows on a branch: tree nodes on its path, and everything that is no node. */
  onBranch(event: ServerEvent, branch: Branch): boolean {
    if (branch.head === undefined) return true;
    const parent = treeParent(event);
    return parent === undefined || parent === null || branch.ids.has(event.id);
  }

  /** Tree nodes that name this parent, oldest first. */
  childrenOf(parent: string): readonly ServerEvent[] {
    const list = this.children.get(parent) ?? [];
    return list.length > 1 ? [...list].sort((a, b) => (sortKeyOf(a) < sortKeyOf(b) ? -1 : 1)) : list;
  }

  /** The newest leaf under an event (itself when nothing grew from it): where a branch ends. */
  newestLeafUnder(id: string): string {
    let best = { key: sortKeyOf(this.byId.get(id)!), id };
    const stack = [id];
    while (stack.length > 0) {
      for (const child of this.children.get(stack.pop()!) ?? []) {
        const key = sortKeyOf(child);
        if (key > best.key) best = { key, id: child.id };
        stack.push(child.id);
      }
    }
    return best.id;
  }
}
