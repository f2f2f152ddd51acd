import type { ServerEvent } from '../../agent-server/protocol';
import { sortKeyOf } from '../eventOrder';

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
  const parent: unknown = event.parent_id;
  return typeof parent === 'string' && parent !== ROOT_PARENT_ID ? parent : null;
}

/** The events on the branch that ends at a leaf, and the missing parent its walk stopped at. */
export interface Branch {
  readonly head: string | null | undefined;
  readonly ids: Set<string>;
  /** The parent of the oldest event held on the branch, when that parent is not loaded yet. */
  readonly frontier: string | undefined;
}

/** Who says where HEAD is: a navigate's answer, the conversation's info, the browser's copy. */
export type HeadSource = 'navigate' | 'info' | 'copy';

/**
 * Every event the server gave, and which of them form the active branch. HEAD is what the server
 * said (`pin`: the info, a navigate's answer) or where the last live append went (`appended`: the
 * server makes each appended event HEAD, whatever its timestamp — 1.57 can persist an event
 * stamped before the one it follows). Before either, it is the newest leaf of the events held.
 */
export class EventTree {
  private readonly byId = new Map<string, ServerEvent>();
  /** Tree nodes by the parent they name. */
  private readonly children = new Map<string, ServerEvent[]>();
  /** The leaf the last append made, as far as the events held tell. */
  private newestLeaf: { key: string; id: string } | undefined;
  private newestKey = '';
  /** HEAD as last said by the server or shown by a live append; undefined before either. */
  private known: string | null | undefined;
  private sawAppend = false;
  /**
   * Who pinned HEAD after the last append seen, if anyone. Under a navigate's answer, events held
   * later are an abandoned branch, not appends; the info's word and an append's are followed down
   * to what was appended under them since.
   */
  private pinnedBy: HeadSource | undefined;

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
      if (parent !== null && parent === this.known && this.pinnedBy !== 'navigate') {
        // Under the HEAD the info or an append named, held only now (a page read since, while
        // the copy's word or a stale info stood): appended after it, so HEAD went on.
        this.known = this.newestLeafBelow(event.id).id;
      }
      if (parent !== null && parent === this.newestLeaf?.id) {
        // Appended under HEAD: it is HEAD now (or the newest leaf below it, when its own
        // children came first).
        this.newestLeaf = this.newestLeafBelow(event.id);
      } else if (!this.children.has(event.id) && (!this.newestLeaf || key > this.newestLeaf.key)) {
        this.newestLeaf = { key, id: event.id };
      }
    }
    return fresh;
  }

  /**
   * HEAD as the server reported it: a navigate's answer, or (`from: 'info'`) the info's
   * `leaf_event_id`. The info's word can be older than the events held: 1.57 saves its HEAD after
   * the event that moved it, and 1.58 can serve an info whose HEAD lags its events for good (its
   * cache misses a save of the same size in the same clock tick: docs/agent-server-notes.md). So
   * it yields to a live append already seen, and to an event held under the leaf it names, now or
   * later: a HEAD left on an inner event by a navigate cut short (an edit that was never sent)
   * then shows the newest branch under it, until the next message goes where the server's HEAD
   * is. The browser's copy (`from: 'copy'`) keeps the HEAD it last saw and pins it the same way,
   * but its word is older than anything this opening heard: written a second after HEAD moves,
   * and read from the disk in a race with the server's answers, it yields to any of them.
   */
  pin(leaf: string | null, { from = 'navigate' }: { from?: HeadSource } = {}): void {
    if (from !== 'navigate' && (this.sawAppend || (leaf !== null && this.children.has(leaf)))) return;
    if (from === 'copy' && (this.pinnedBy === 'info' || this.pinnedBy === 'navigate')) return;
    this.known = leaf;
    this.pinnedBy = from;
  }

  /**
   * Events the server appended just now (the socket, or a read of what came after the newest
   * held), in the order it appended them: each tree node among them became HEAD. `fresh` are
   * those not held before.
   *
   * One held already still moved HEAD: a history page read while the socket was away can bring an
   * event before the socket's replay does. (After a restart the server appends its recovery error
   * under the first of the parallel calls, beside the others; when its page came first, the error
   * stayed on a branch nobody saw.) Unless HEAD was pinned since the last append: a replay from a
   * cursor that lagged behind the events held brings appends older than that navigate, which does
   * not undo it. And only while it is a leaf: what is held under it was appended after it and
   * says where HEAD went (a replay far behind would otherwise walk the whole history below each
   * event it brings again).
   */
  appended(events: readonly ServerEvent[], fresh: ReadonlySet<ServerEvent>): void {
    for (const event of events) {
      if (treeParent(event) === undefined) continue;
      if (!fresh.has(event) && (this.pinnedBy || this.children.has(event.id))) continue;
      this.known = this.newestLeafBelow(event.id).id;
      this.sawAppend = true;
      this.pinnedBy = undefined;
    }
  }

  /** The active leaf; `null` for a deliberately empty HEAD, `undefined` while no tree node is held. */
  get head(): string | null | undefined {
    return this.known !== undefined ? this.known : this.newestLeaf?.id;
  }

  get(id: string): ServerEvent | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
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
    let frontier: string | undefined;
    while (current !== undefined) {
      const event = this.byId.get(current);
      if (!event) {
        frontier = current;
        break;
      }
      ids.add(current);
      current = treeParent(event) ?? undefined;
    }
    for (const id of [...ids]) this.addStrandedCalls(id, ids);
    return { head, ids, frontier };
  }

  /**
   * The parallel calls of one LLM response are appended as a chain (each under the one before).
   * After a crash, 1.57 parents its recovery error to the first unanswered call, so the calls
   * after it fall off the path though the agent made them: they stay on the branch, to be seen.
   */
  private addStrandedCalls(id: string, ids: Set<string>): void {
    const event = this.byId.get(id);
    const response = event?.kind === 'ActionEvent' ? event.llm_response_id : undefined;
    if (!response) return;
    for (const child of this.children.get(id) ?? []) {
      if (ids.has(child.id) || child.kind !== 'ActionEvent' || child.llm_response_id !== response) continue;
      ids.add(child.id);
      this.addStrandedCalls(child.id, ids);
    }
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
    return this.newestLeafBelow(id).id;
  }

  private newestLeafBelow(id: string): { key: string; id: string } {
    let best: { key: string; id: string } | undefined;
    const stack = [id];
    while (stack.length > 0) {
      const current = stack.pop()!;
      const below = this.children.get(current);
      if (below) {
        for (const child of below) stack.push(child.id);
        continue;
      }
      const key = sortKeyOf(this.byId.get(current)!);
      if (!best || key > best.key) best = { key, id: current };
    }
    return best!;
  }
}
