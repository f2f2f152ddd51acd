import { LEGACY_ITEM, isRecord } from './protocol';

// The frames of the session socket `/sockets/session/{id}` (agent-server session_protocol.py),
// and the legacy `/sockets/events/{id}` frames put into the same shape, so the live session
// handles one kind of frame whichever socket the server has.
//
// Invariants the server promises (its docstring): every `item_started` is retired by exactly one
// `durable` whose event id is the item id, or by one `item_aborted`; a higher attempt supersedes
// a lower one; deltas may be dropped (a gap in `order`); progress frames are never replayed.

export type StreamKind = 'text' | 'reasoning';

export type LiveFrame =
  /** Once per connection, before any replay: everything with seq > throughSeq arrives live. */
  | { type: 'sync'; fromSeq: number | null; throughSeq: number | null }
  /** A persisted event; `seq` is its index in the log (absent on the legacy socket). */
  | { type: 'durable'; seq?: number; event: unknown }
  /** Published but never persisted (the state snapshot made for this subscriber). */
  | { type: 'transient'; event: unknown }
  | { type: 'item_started'; itemId: string; attempt: number; anchorSeq: number | null }
  /** `order` is undefined on the legacy socket, whose deltas carry no order. */
  | { type: 'delta'; itemId: string; attempt: number; order?: number; kind: StreamKind; content: string }
  | { type: 'item_aborted'; itemId: string; attempt: number; reason: string }
  | { type: 'error'; code: string; detail: string };

export type ParsedFrame = LiveFrame | { type: 'ignored' } | { type: 'malformed'; reason: string };

const IGNORED = { type: 'ignored' } as const;
const isSeq = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= -1;
const optionalSeq = (value: unknown): number | null | undefined =>
  value === undefined || value === null ? null : isSeq(value) ? value : undefined;
const attemptOf = (value: unknown): number | undefined =>
  value === undefined ? 1 : Number.isInteger(value) && (value as number) >= 1 ? (value as number) : undefined;

/** One session-socket frame. Unknown types are ignored, as the protocol asks clients to do. */
export function parseSessionFrame(raw: unknown): ParsedFrame {
  if (!isRecord(raw) || typeof raw.type !== 'string') return { type: 'malformed', reason: 'no frame type' };
  const malformed = (what: string): ParsedFrame => ({
    type: 'malformed',
    reason: `${raw.type} frame ${what}`,
  });
  switch (raw.type) {
    case 'sync': {
      const fromSeq = optionalSeq(raw.from_seq);
      const throughSeq = optionalSeq(raw.through_seq);
      if (fromSeq === undefined || throughSeq === undefined) return malformed('with a bad seq');
      return { type: 'sync', fromSeq, throughSeq };
    }
    case 'durable':
      if (!isSeq(raw.seq) || raw.seq < 0) return malformed('without a seq');
      if (!isRecord(raw.event)) return malformed('without an event');
      return { type: 'durable', seq: raw.seq, event: raw.event };
    case 'transient':
      if (!isRecord(raw.event)) return malformed('without an event');
      return { type: 'transient', event: raw.event };
    case 'item_started': {
      const attempt = attemptOf(raw.attempt);
      const anchorSeq = optionalSeq(raw.anchor_seq);
      if (typeof raw.item_id !== 'string' || attempt === undefined || anchorSeq === undefined)
        return malformed('with bad fields');
      return { type: 'item_started', itemId: raw.item_id, attempt, anchorSeq };
    }
    case 'delta': {
      const attempt = attemptOf(raw.attempt);
      const kind = raw.kind === undefined ? 'text' : raw.kind;
      if (
        typeof raw.item_id !== 'string' ||
        attempt === undefined ||
        !Number.isInteger(raw.order) ||
        (kind !== 'text' && kind !== 'reasoning') ||
        typeof raw.content !== 'string'
      )
        return malformed('with bad fields');
      return {
        type: 'delta',
        itemId: raw.item_id,
        attempt,
        order: raw.order as number,
        kind,
        content: raw.content,
      };
    }
    case 'item_aborted': {
      const attempt = attemptOf(raw.attempt);
      if (typeof raw.item_id !== 'string' || attempt === undefined) return malformed('with bad fields');
      return {
        type: 'item_aborted',
        itemId: raw.item_id,
        attempt,
        reason: typeof raw.reason === 'string' ? raw.reason : 'unknown',
      };
    }
    case 'error':
      return {
        type: 'error',
        code: typeof raw.code === 'string' ? raw.code : 'error',
        detail: typeof raw.detail === 'string' ? raw.detail : 'unknown error',
      };
    default:
      return IGNORED;
  }
}

/** A legacy `/sockets/events` frame (a bare event) in the session socket's terms. */
export function parseLegacyFrame(raw: unknown): ParsedFrame[] {
  if (!isRecord(raw)) return [{ type: 'malformed', reason: 'not an object' }];
  if (raw.kind === 'StreamingDeltaEvent') {
    // No order on this socket: nothing can tell a dropped delta. Reasoning comes before text.
    const frames: ParsedFrame[] = [];
    for (const [kind, field] of [
      ['reasoning', 'reasoning_content'],
      ['text', 'content'],
    ] as const) {
      const content = raw[field];
      if (typeof content === 'string' && content)
        frames.push({ type: 'delta', itemId: LEGACY_ITEM, attempt: 1, kind, content });
    }
    return frames;
  }
  if (raw.kind === 'ServerErrorEvent') {
    return [
      {
        type: 'error',
        code: typeof raw.code === 'string' ? raw.code : 'ServerErrorEvent',
        detail: typeof raw.detail === 'string' ? raw.detail : 'unknown error',
      },
    ];
  }
  if (raw.kind === 'ConversationStateUpdateEvent' && raw.key === 'full_state')
    return [{ type: 'transient', event: raw }];
  return [{ type: 'durable', event: raw }];
}

export function sessionSocketUrl(serverUrl: string, conversationId: string, afterSeq: number | undefined) {
  const url = socketUrl(serverUrl, `sockets/session/${encodeURIComponent(conversationId)}`);
  // Without a cursor only live frames come: the history comes over REST, page by page.
  if (afterSeq !== undefined) url.searchParams.set('after_seq', String(afterSeq));
  return url.toString();
}

export function eventsSocketUrl(serverUrl: string, conversationId: string, cursor: string | undefined) {
  const url = socketUrl(serverUrl, `sockets/events/${encodeURIComponent(conversationId)}`);
  if (cursor) {
    url.searchParams.set('resend_mode', 'since');
    url.searchParams.set('after_timestamp', cursor);
  }
  return url.toString();
}

function socketUrl(serverUrl: string, path: string): URL {
  const url = new URL(path, `${serverUrl.replace(/\/+$/, '')}/`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url;
}
