import { LEGACY_ITEM } from '../agent-server/protocol';
import type { LiveFrame, StreamKind } from '../agent-server/sessionFrames';

// The agent's answers while they stream, as pure data: one item per open stream. Nothing here is
// persisted; each item is replaced by the durable event that carries its id, or disappears when
// the server aborts it.

export interface StreamItem {
  readonly itemId: string;
  /** A higher attempt re-streams the item from the start: its text replaces the lower one's. */
  readonly attempt: number;
  readonly text: string;
  readonly reasoning: string;
  /** The order expected next (text and reasoning share one count); undefined on the legacy socket. */
  readonly nextOrder: number | undefined;
  /** Some deltas were not received (a gap in order, or joined mid-stream): the text is partial. */
  readonly lossy: boolean;
}

export interface AbortedItem {
  readonly itemId: string;
  readonly reason: string;
}

export interface StreamState {
  /** Open items, in the order they started. */
  readonly items: readonly StreamItem[];
  /** The last item the server abandoned, so its reason can be shown. */
  readonly aborted: AbortedItem | undefined;
  /** Items already retired or aborted: late frames for them must not bring them back. */
  readonly closed: ReadonlySet<string>;
}

export const NO_STREAMS: StreamState = { items: [], aborted: undefined, closed: new Set() };

const CLOSED_KEPT = 64;

export type ProgressFrame = Extract<LiveFrame, { type: 'item_started' | 'delta' | 'item_aborted' }>;

/** What happened to the streams: the session's reducer hands these to reduceStreams. */
export type StreamEvent =
  /** Progress frames, as many as came since the last animation frame (deltaBuffer.ts). */
  | { type: 'progress received'; frames: readonly ProgressFrame[] }
  /** A durable event came: the item with its id is done, its text now lives in the history. */
  | { type: 'event persisted'; eventId: string }
  /** An agent event or an interrupt on the legacy socket, whose one item carries no id. */
  | { type: 'legacy turn ended' }
  /** The stream was cut (the socket lost, a new subscription, the run over). */
  | { type: 'streams cut' };

export function reduceStreams(state: StreamState, event: StreamEvent): StreamState {
  switch (event.type) {
    case 'progress received':
      return event.frames.reduce(applyProgress, state);
    case 'event persisted':
      return retire(state, event.eventId);
    case 'legacy turn ended':
      return dropItem(state, LEGACY_ITEM);
    case 'streams cut':
      return dropAll(state);
  }
}

export function applyProgress(state: StreamState, frame: ProgressFrame): StreamState {
  if (state.closed.has(frame.itemId)) return state;
  const index = state.items.findIndex((item) => item.itemId === frame.itemId);
  const current = index >= 0 ? state.items[index] : undefined;
  if (current && frame.attempt < current.attempt) return state;
  switch (frame.type) {
    case 'item_started':
      if (current && current.attempt === frame.attempt) return state;
      return replaceAt(state, index, fresh(frame.itemId, frame.attempt, false));
    case 'delta': {
      // A delta with no open item (its start was before we joined) or of a newer attempt.
      let item =
        current && current.attempt === frame.attempt
          ? current
          : fresh(frame.itemId, frame.attempt, frame.order !== undefined && frame.order > 0);
      if (frame.order !== undefined && item.nextOrder !== undefined) {
        if (frame.order < item.nextOrder) return state; // already applied
        if (frame.order > item.nextOrder) item = { ...item, lossy: true };
      }
      item = {
        ...item,
        [textField(frame.kind)]: item[textField(frame.kind)] + frame.content,
        nextOrder: frame.order === undefined ? undefined : frame.order + 1,
      };
      return replaceAt(state, index, item);
    }
    case 'item_aborted': {
      const next = close(state, frame.itemId);
      return { ...next, aborted: { itemId: frame.itemId, reason: frame.reason } };
    }
  }
}

/** A durable event arrived: the item with its id is done, its text now lives in the history. */
export function retire(state: StreamState, eventId: string): StreamState {
  if (!state.items.some((item) => item.itemId === eventId)) return state;
  return close(state, eventId);
}

/** Every open item goes (the stream was cut, or the run is over); late frames of them stay out. */
export function dropAll(state: StreamState): StreamState {
  if (state.items.length === 0) return state;
  let next = state;
  for (const item of state.items) next = close(next, item.itemId);
  return next;
}

/** Items of the legacy socket are retired by any agent event, as they carry no id. */
export function dropItem(state: StreamState, itemId: string): StreamState {
  const items = state.items.filter((item) => item.itemId !== itemId);
  return items.length === state.items.length ? state : { ...state, items };
}

function fresh(itemId: string, attempt: number, lossy: boolean): StreamItem {
  return { itemId, attempt, text: '', reasoning: '', nextOrder: 0, lossy };
}

function textField(kind: StreamKind): 'text' | 'reasoning' {
  return kind === 'reasoning' ? 'reasoning' : 'text';
}

function replaceAt(state: StreamState, index: number, item: StreamItem): StreamState {
  const items = index >= 0 ? state.items.map((x, i) => (i === index ? item : x)) : [...state.items, item];
  return { ...state, items, aborted: state.aborted?.itemId === item.itemId ? undefined : state.aborted };
}

function close(state: StreamState, itemId: string): StreamState {
  // The legacy socket's one item id is used by every turn: it is never closed for good.
  if (itemId === LEGACY_ITEM) return dropItem(state, itemId);
  const closed = new Set(state.closed);
  closed.add(itemId);
  if (closed.size > CLOSED_KEPT) closed.delete(closed.values().next().value!);
  return { ...state, items: state.items.filter((item) => item.itemId !== itemId), closed };
}
