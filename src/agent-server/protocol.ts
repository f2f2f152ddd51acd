// The agent-server's wire shapes, as far as the UI relies on them. The generated union in
// @openhands/typescript-client does not narrow on `kind`, so the UI keeps its own.
// Every field the server may omit is optional: null fields are dropped on the wire.

export type ExecutionStatus =
  'idle' | 'running' | 'paused' | 'waiting_for_confirmation' | 'finished' | 'error' | 'stuck';

export const EXECUTION_STATUSES: readonly ExecutionStatus[] = [
  'idle',
  'running',
  'paused',
  'waiting_for_confirmation',
  'finished',
  'error',
  'stuck',
];

export type EventSource = 'agent' | 'user' | 'environment' | 'hook';

export interface TextContent {
  type: 'text';
  text: string;
}
export interface ImageContent {
  type: 'image';
  image_urls: string[];
}
export type Content = TextContent | ImageContent;

interface EventBase {
  id: string;
  timestamp: string;
  source: EventSource;
  /**
   * The event it follows in the conversation's tree (every event of the SDK's `Event` names one;
   * `null`, absent or `"__root__"` for a root). Read as the server sent it: the gate checks only
   * the id, the kind and the timestamp (branches/eventTree.ts).
   */
  parent_id?: string | null;
}

export interface LlmMessage {
  role: 'user' | 'assistant' | 'system' | 'tool';
  content: Content[];
  reasoning_content?: string;
}

export interface MessageEvent extends EventBase {
  kind: 'MessageEvent';
  llm_message: LlmMessage;
}

export interface Action {
  kind: string;
  [field: string]: unknown;
}

export interface ActionEvent extends EventBase {
  kind: 'ActionEvent';
  tool_name: string;
  tool_call_id: string;
  tool_call?: { id?: string; arguments?: string; name?: string; origin?: string };
  action?: Action;
  llm_response_id?: string;
  thought?: Content[];
  reasoning_content?: string;
  summary?: string;
  security_risk?: string;
}

export interface Observation {
  kind: string;
  content?: Content[];
  is_error?: boolean;
  [field: string]: unknown;
}

export interface ObservationEvent extends EventBase {
  kind: 'ObservationEvent';
  action_id?: string;
  tool_call_id: string;
  tool_name?: string;
  observation: Observation;
}

export interface UserRejectObservation extends EventBase {
  kind: 'UserRejectObservation';
  action_id?: string;
  tool_call_id: string;
  tool_name?: string;
  rejection_reason?: string;
}

export interface AgentErrorEvent extends EventBase {
  kind: 'AgentErrorEvent';
  tool_call_id: string;
  tool_name?: string;
  error: string;
}

export interface ErrorClassification {
  kind?: string;
  retryable?: boolean;
  user_action?: string;
}

export interface ConversationErrorEvent extends EventBase {
  kind: 'ConversationErrorEvent';
  code?: string;
  detail?: string;
  classification?: ErrorClassification;
}

export interface ConversationStateUpdateEvent extends EventBase {
  kind: 'ConversationStateUpdateEvent';
  key: string;
  value: unknown;
}

export interface PauseEvent extends EventBase {
  kind: 'PauseEvent';
}
export interface InterruptEvent extends EventBase {
  kind: 'InterruptEvent';
  reason?: string;
}
export interface Condensation extends EventBase {
  kind: 'Condensation';
  forgotten_event_ids?: string[];
  summary?: string;
}
/** What `POST /condense` persists first: the request the condenser then answers. */
export interface CondensationRequest extends EventBase {
  kind: 'CondensationRequest';
}
export interface SystemPromptEvent extends EventBase {
  kind: 'SystemPromptEvent';
}
export interface StreamingDeltaEvent extends EventBase {
  kind: 'StreamingDeltaEvent';
  content?: string;
  reasoning_content?: string;
}

/**
 * An event of a kind the UI does not know, under its own tag so that a known kind narrows: the
 * server's kind is kept in `serverKind`, the rest as it came. Shown raw, never trusted.
 */
export interface UnknownEvent extends EventBase {
  kind: 'UnknownEvent';
  serverKind: string;
  [field: string]: unknown;
}

export type KnownEvent =
  | MessageEvent
  | ActionEvent
  | ObservationEvent
  | UserRejectObservation
  | AgentErrorEvent
  | ConversationErrorEvent
  | ConversationStateUpdateEvent
  | PauseEvent
  | InterruptEvent
  | Condensation
  | CondensationRequest
  | SystemPromptEvent
  | StreamingDeltaEvent;

/** What a frame or a history page holds: at least an id, a kind and a timestamp were checked. */
export type ServerEvent = KnownEvent | UnknownEvent;

/**
 * An event as a server sends it, before the gate (`asServerEvent`): a known kind's shape, or any
 * other kind with any fields. What the mock server stores and sends.
 */
export type WireEvent =
  | KnownEvent
  | (EventBase & {
      kind: string;
      [field: string]: unknown;
    });

const KNOWN_KINDS: ReadonlySet<string> = new Set<KnownEvent['kind']>([
  'MessageEvent',
  'ActionEvent',
  'ObservationEvent',
  'UserRejectObservation',
  'AgentErrorEvent',
  'ConversationErrorEvent',
  'ConversationStateUpdateEvent',
  'PauseEvent',
  'InterruptEvent',
  'Condensation',
  'CondensationRequest',
  'SystemPromptEvent',
  'StreamingDeltaEvent',
]);

/** The kind the server gave an event: an unknown one's own, under its tag. */
export const serverKindOf = (event: ServerEvent): string =>
  event.kind === 'UnknownEvent' ? event.serverKind : event.kind;

export interface ConversationInfo {
  id: string;
  title?: string | null;
  execution_status: ExecutionStatus;
  created_at: string;
  updated_at: string;
  agent?: unknown;
  workspace?: unknown;
  confirmation_policy?: { kind: string };
  /** HEAD of the event tree: the leaf of the active branch (null before the tree, or empty). */
  leaf_event_id?: string | null;
  /** The conversation that started this one (a child conversation), else null. */
  parent_conversation_id?: string | null;
  /** The conversations naming this one their parent (read as ids where they are strings). */
  sub_conversation_ids?: unknown;
  [field: string]: unknown;
}

/** The answer is not a conversation at all (no id): said as such, never drawn. */
export class NotAConversation extends Error {}

/**
 * A conversation's info as the screen may draw it: what the server sent, with the fields the
 * screen draws as text made text or none. A title sent as an object once took the whole app
 * down (React cannot draw an object); such a title reads as none, and the first message names it.
 * A status that is not a word reads as idle; an unknown word from a newer server is kept.
 */
export function asConversationInfo(value: unknown): ConversationInfo {
  if (!isRecord(value) || typeof value.id !== 'string' || !value.id) throw new NotAConversation();
  const info: Record<string, unknown> = { ...value };
  for (const field of ['title', 'leaf_event_id', 'parent_conversation_id'])
    if (typeof info[field] !== 'string') info[field] = null;
  if (typeof info.execution_status !== 'string') info.execution_status = 'idle';
  return info as ConversationInfo;
}

export interface Page<T> {
  items: T[];
  next_page_id?: string | null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The one gate every server event passes. Returns null for anything that cannot be keyed
 * (no string id or kind); such input is counted and reported, never rendered.
 */
export function asServerEvent(value: unknown): ServerEvent | null {
  if (!isRecord(value)) return null;
  if (typeof value.id !== 'string' || value.id === '' || typeof value.kind !== 'string') return null;
  const timestamp = typeof value.timestamp === 'string' ? value.timestamp : '';
  if (KNOWN_KINDS.has(value.kind)) return { ...value, timestamp } as KnownEvent;
  // Read back from this browser's copy, an unknown event is already under its tag.
  const serverKind =
    value.kind === 'UnknownEvent' && typeof value.serverKind === 'string' ? value.serverKind : value.kind;
  return { ...value, timestamp, kind: 'UnknownEvent', serverKind } as UnknownEvent;
}

export function isExecutionStatus(value: unknown): value is ExecutionStatus {
  return typeof value === 'string' && (EXECUTION_STATUSES as readonly string[]).includes(value);
}

/** Text of a content list; images are ignored here and rendered separately. */
export function contentText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

export function contentImages(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) =>
    isRecord(part) && part.type === 'image' && Array.isArray(part.image_urls)
      ? part.image_urls.filter((url): url is string => typeof url === 'string')
      : [],
  );
}

/**
 * The one stream item of the legacy socket, whose deltas carry no item id (sessionFrames.ts).
 * Here rather than with the frames: the streams drawn on the first screen name it too.
 */
export const LEGACY_ITEM = 'legacy-stream';
