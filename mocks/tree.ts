import type { ConversationInfo, WireEvent } from '../src/agent-server/protocol';

// The conversation tree as the real server keeps it (openhands/sdk/conversation/state.py
// `append_event`, `_stamp_parent_id`): each appended event names the HEAD it was appended under
// and becomes HEAD, except a state update, which is stamped but never becomes HEAD.

const isStateUpdate = (event: WireEvent) => event.kind === 'ConversationStateUpdateEvent';

/** The event as appended under `head`, and the HEAD after it. */
export function appendUnder(
  event: WireEvent,
  head: string | null,
  logIsEmpty: boolean,
): { event: WireEvent; head: string | null } {
  const named = (event as { parent_id?: string | null }).parent_id;
  // An empty HEAD over a non-empty log is a new root, marked so it is not read as a legacy event.
  const parent =
    named !== undefined && named !== null ? named : head === null && !logIsEmpty ? '__root__' : head;
  const stamped = { ...event, parent_id: parent } as WireEvent;
  return { event: stamped, head: isStateUpdate(event) ? head : event.id };
}

/** A log appended in order from an empty tree: its events stamped, and its HEAD. */
export function appendAll(events: readonly WireEvent[]): { events: WireEvent[]; head: string | null } {
  let head: string | null = null;
  const stamped: WireEvent[] = [];
  for (const event of events) {
    const appended = appendUnder(event, head, stamped.length === 0);
    stamped.push(appended.event);
    head = appended.head;
  }
  return { events: stamped, head };
}

/** The active branch from a leaf up to its root, root first (`EventLog.path_to_root`). */
export function pathToRoot(events: readonly WireEvent[], leaf: string | null): WireEvent[] {
  const byId = new Map(events.map((event) => [event.id, event]));
  const path: WireEvent[] = [];
  let current: string | null | undefined = leaf;
  while (current) {
    const event = byId.get(current);
    if (!event) throw new Error(`The tree has no event ${current}`);
    path.push(event);
    const parent = (event as { parent_id?: string | null }).parent_id;
    current = parent === '__root__' ? null : parent;
  }
  return path.reverse();
}

/**
 * A conversation's HEAD: its `leaf_event_id`, or for a log from before the tree the last event
 * that is no state update (`ConversationState._resolve_active_leaf`).
 */
export function headOf(conversation: { info: ConversationInfo; events: WireEvent[] }): string | null {
  if (conversation.info.leaf_event_id) return conversation.info.leaf_event_id;
  return conversation.events.findLast((event) => !isStateUpdate(event))?.id ?? null;
}
