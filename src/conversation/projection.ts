import {
  isRecord,
  type ActionEvent,
  type AgentErrorEvent,
  type ConversationErrorEvent,
  type ExecutionStatus,
  type InterruptEvent,
  type MessageEvent,
  type ObservationEvent,
  type PauseEvent,
  type ServerEvent,
  type UserRejectObservation,
  isExecutionStatus,
} from '../agent-server/protocol';

// The projection turns the conversation's event log into rows the screen shows. It is pure
// data (no React) and order-independent: the rows depend only on the *set* of events, never on
// the order they arrived in or how often. That is what lets history pages, socket replay and
// live frames interleave freely.

export type Outcome = ObservationEvent | UserRejectObservation | AgentErrorEvent;

export interface ToolCall {
  /** The call's tool_call_id: the key that pairs an action with its outcomes. */
  readonly toolCallId: string;
  readonly action: ActionEvent | undefined;
  /** Every outcome the server persisted for this call, oldest first (seed 004 can give two). */
  readonly outcomes: readonly Outcome[];
}

interface RowBase {
  readonly key: string;
  /** Where the row sorts: timestamp, then event id; invariant: equal to its first event's. */
  readonly sortKey: string;
  /** The persisted event this row stands for (data-event-id). */
  readonly eventId: string;
}

export type Row =
  | (RowBase & { readonly type: 'message'; readonly event: MessageEvent })
  | (RowBase & {
      readonly type: 'turn';
      /** The calls of one LLM response (shared llm_response_id), oldest first. */
      readonly calls: readonly ToolCall[];
      /** Thought and reasoning of the response, taken once from the first call that has them. */
      readonly thought: string;
      readonly reasoning: string;
    })
  | (RowBase & { readonly type: 'orphan-outcome'; readonly call: ToolCall })
  | (RowBase & { readonly type: 'conversation-error'; readonly event: ConversationErrorEvent })
  | (RowBase & { readonly type: 'marker'; readonly event: PauseEvent | InterruptEvent })
  | (RowBase & { readonly type: 'unknown'; readonly event: ServerEvent; readonly reason: string });

export type CallState = 'running' | 'done' | 'error' | 'rejected' | 'interrupted';

// Row keys: an event row is keyed by its event id; turns and standalone outcomes by a marker
// (a control character no event id contains) and the response or tool call id.
const TURN = '\u0001';
const ORPHAN = '\u0002';

const HIDDEN_KINDS = new Set(['SystemPromptEvent', 'Condensation', 'ConversationStateUpdateEvent']);

export function sortKeyOf(event: { timestamp: string; id: string }): string {
  return `${event.timestamp}\u0000${event.id}`;
}

function compareEvents(a: { timestamp: string; id: string }, b: { timestamp: string; id: string }): number {
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A new list with the item in sort order; events mostly arrive in order, so usually an append. */
function insertSorted<T extends { timestamp: string; id: string }>(
  list: readonly T[] | undefined,
  item: T,
): T[] {
  if (!list) return [item];
  const next = [...list, item];
  return compareEvents(list[list.length - 1]!, item) <= 0 ? next : next.sort(compareEvents);
}

function thoughtText(action: ActionEvent): string {
  const thought = action.thought;
  if (!Array.isArray(thought)) return '';
  return thought
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('')
    .trim();
}

/** Why an event cannot be paired or shown as its kind; null when it is well-formed. */
function malformation(event: ServerEvent, kind: string): string | null {
  switch (kind) {
    case 'MessageEvent': {
      const message = (event as MessageEvent).llm_message;
      return isRecord(message) && Array.isArray(message.content)
        ? null
        : 'message without llm_message.content';
    }
    case 'ActionEvent':
      return typeof (event as ActionEvent).tool_call_id === 'string' ? null : 'action without tool_call_id';
    case 'ObservationEvent':
      return typeof (event as ObservationEvent).tool_call_id === 'string' &&
        isRecord((event as ObservationEvent).observation)
        ? null
        : 'observation without tool_call_id or observation';
    case 'UserRejectObservation':
    case 'AgentErrorEvent':
      return typeof (event as Outcome).tool_call_id === 'string' ? null : 'outcome without tool_call_id';
    default:
      return null;
  }
}

/** Rows an apply changed: their new sort key, or undefined when the row goes away. */
type Touched = Map<string, string | undefined>;

export class ConversationProjection {
  private readonly events = new Map<string, ServerEvent>();
  /** Every row that exists, with where it sorts. Row objects are built when first read. */
  private readonly rowSortKeys = new Map<string, string>();
  /** Rows built so far; a touched row is dropped here and built anew on its next read. */
  private readonly rowsByKey = new Map<string, Row>();
  private order: string[] = [];
  private readonly actions = new Map<string, ActionEvent>();
  private readonly outcomes = new Map<string, Outcome[]>();
  private readonly groups = new Map<string, ActionEvent[]>();
  private readonly calls = new Map<string, ToolCall>();
  /** Why each malformed event is malformed, by id. */
  private readonly malformed = new Map<string, string>();
  private newestStatus: { sortKey: string; status: ExecutionStatus } | undefined;
  private newestConversationError = '';
  private newestUserMessage = '';
  private newestAgentEvent = '';
  private runningSince = '';

  /** Bumped on every change, so subscribers can compare cheaply. */
  version = 0;

  get rowOrder(): readonly string[] {
    return this.order;
  }

  /** The row for a key of `rowOrder`: the same object until an event touches it. */
  row(key: string): Row | undefined {
    let row = this.rowsByKey.get(key);
    if (!row && this.rowSortKeys.has(key)) {
      row = this.buildRow(key);
      if (row) this.rowsByKey.set(key, row);
    }
    return row;
  }

  get rows(): Row[] {
    return this.order.map((key) => this.row(key)!);
  }

  has(eventId: string): boolean {
    return this.events.has(eventId);
  }

  get eventCount(): number {
    return this.events.size;
  }

  /** The newest event, by the server's clock: the resume cursor for a socket. */
  get newestTimestamp(): string | undefined {
    let newest: string | undefined;
    for (const event of this.events.values())
      if (!newest || event.timestamp > newest) newest = event.timestamp;
    return newest;
  }

  /** The execution status the newest persisted state update reports, if any. */
  get statusFromEvents(): ExecutionStatus | undefined {
    return this.newestStatus?.status;
  }

  /**
   * True when the newest ConversationErrorEvent is newer than the newest user message: the
   * conversation's error status is then explained by an event on screen.
   */
  get errorExplained(): boolean {
    return this.newestConversationError !== '' && this.newestConversationError > this.newestUserMessage;
  }

  /**
   * User messages sorting after this key arrived during the current run and the agent has not
   * answered since: the newest of the agent's last event and the run's start.
   */
  get readUpTo(): string {
    return this.newestAgentEvent > this.runningSince ? this.newestAgentEvent : this.runningSince;
  }

  /** Applies events (any order, duplicates allowed). Returns whether anything changed. */
  apply(batch: readonly ServerEvent[]): boolean {
    const touched: Touched = new Map();
    for (const event of batch) this.applyOne(event, touched);
    if (touched.size === 0) return false;
    this.reorder(touched);
    this.version++;
    return true;
  }

  private applyOne(event: ServerEvent, touched: Touched): void {
    // Events of many shapes pass here: each field is read once (shape-polymorphic reads are slow).
    const { id, kind, source, timestamp } = event;
    if (kind === 'StreamingDeltaEvent' || this.events.has(id)) return;
    this.events.set(id, event);
    const sortKey = `${timestamp}\u0000${id}`;
    if (source === 'agent' && sortKey > this.newestAgentEvent) this.newestAgentEvent = sortKey;

    const problem = malformation(event, kind);
    if (problem) {
      this.malformed.set(id, problem);
      touched.set(id, sortKey);
      return;
    }
    switch (kind) {
      case 'ConversationStateUpdateEvent':
        this.trackStatus(event as ServerEvent & { key: string; value: unknown }, sortKey);
        return;
      case 'ActionEvent': {
        const action = event as ActionEvent;
        const toolCallId = action.tool_call_id;
        const groupKey = action.llm_response_id ?? `action:${id}`;
        const members = insertSorted(this.groups.get(groupKey), action);
        this.actions.set(toolCallId, action);
        this.groups.set(groupKey, members);
        this.calls.delete(toolCallId);
        touched.set(TURN + groupKey, members[0] === action ? sortKey : sortKeyOf(members[0]!));
        // Outcomes that came first had a row of their own: it merges into the turn now.
        if (this.outcomes.has(toolCallId)) touched.set(ORPHAN + toolCallId, undefined);
        return;
      }
      case 'ObservationEvent':
      case 'UserRejectObservation':
      case 'AgentErrorEvent': {
        const callKey = (event as Outcome).tool_call_id;
        const outcomes = insertSorted(this.outcomes.get(callKey), event as Outcome);
        this.outcomes.set(callKey, outcomes);
        this.calls.delete(callKey);
        const action = this.actions.get(callKey);
        if (action) {
          const groupKey = action.llm_response_id ?? `action:${action.id}`;
          touched.set(TURN + groupKey, sortKeyOf(this.groups.get(groupKey)![0]!));
        } else {
          touched.set(ORPHAN + callKey, outcomes[0] === event ? sortKey : sortKeyOf(outcomes[0]!));
        }
        return;
      }
      case 'ConversationErrorEvent':
        if (sortKey > this.newestConversationError) this.newestConversationError = sortKey;
        break;
      case 'MessageEvent':
        if (source === 'user' && sortKey > this.newestUserMessage) this.newestUserMessage = sortKey;
        break;
    }
    if (!HIDDEN_KINDS.has(kind)) touched.set(id, sortKey);
  }

  private trackStatus(event: { key: string; value: unknown }, sortKey: string): void {
    const value =
      event.key === 'full_state' && isRecord(event.value) ? event.value.execution_status : event.value;
    if (event.key !== 'execution_status' && event.key !== 'full_state') return;
    if (!isExecutionStatus(value)) return;
    if (!this.newestStatus || sortKey > this.newestStatus.sortKey)
      this.newestStatus = { sortKey, status: value };
    if (value === 'running' && sortKey > this.runningSince) this.runningSince = sortKey;
  }

  private call(toolCallId: string): ToolCall {
    let call = this.calls.get(toolCallId);
    if (!call) {
      call = {
        toolCallId,
        action: this.actions.get(toolCallId),
        outcomes: this.outcomes.get(toolCallId) ?? [],
      };
      this.calls.set(toolCallId, call);
    }
    return call;
  }

  private buildRow(key: string): Row | undefined {
    const type = key[0] === TURN ? 'turn' : key[0] === ORPHAN ? 'orphan' : 'event';
    const id = type === 'event' ? key : key.slice(1);
    if (type === 'turn') {
      const members = this.groups.get(id);
      if (!members?.length) return undefined;
      const first = members[0]!;
      const withThought = members.find((a) => thoughtText(a) !== '');
      const withReasoning = members.find(
        (a) => typeof a.reasoning_content === 'string' && a.reasoning_content,
      );
      return {
        type: 'turn',
        key,
        sortKey: sortKeyOf(first),
        eventId: first.id,
        calls: members.map((action) => this.call(action.tool_call_id)),
        thought: withThought ? thoughtText(withThought) : '',
        reasoning: withReasoning?.reasoning_content ?? '',
      };
    }
    if (type === 'orphan') {
      if (this.actions.has(id)) return undefined;
      const call = this.call(id);
      const first = call.outcomes[0];
      if (!first) return undefined;
      return { type: 'orphan-outcome', key, sortKey: sortKeyOf(first), eventId: first.id, call };
    }
    const event = this.events.get(id);
    if (!event) return undefined;
    const base = { key, sortKey: sortKeyOf(event), eventId: event.id };
    const problem = this.malformed.get(event.id);
    if (problem) return { ...base, type: 'unknown', event, reason: problem };
    switch (event.kind) {
      case 'MessageEvent':
        return { ...base, type: 'message', event: event as MessageEvent };
      case 'ConversationErrorEvent':
        return { ...base, type: 'conversation-error', event: event as ConversationErrorEvent };
      case 'PauseEvent':
      case 'InterruptEvent':
        return { ...base, type: 'marker', event: event as PauseEvent | InterruptEvent };
      default:
        return { ...base, type: 'unknown', event, reason: `unknown event kind “${event.kind}”` };
    }
  }

  private reorder(touched: Touched): void {
    // A big batch (a history page) sorts every row once; small changes splice into place.
    if (touched.size > 64) {
      for (const [key, sortKey] of touched) {
        this.rowsByKey.delete(key);
        if (sortKey === undefined) this.rowSortKeys.delete(key);
        else this.rowSortKeys.set(key, sortKey);
      }
      const all = [...this.rowSortKeys].map(([key, sortKey]) => [sortKey, key] as const);
      all.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      this.order = all.map((entry) => entry[1]);
      return;
    }
    const removed = new Set<string>();
    const placed: [string, string][] = [];
    for (const [key, sortKey] of touched) {
      this.rowsByKey.delete(key);
      if (this.rowSortKeys.has(key)) removed.add(key);
      if (sortKey === undefined) {
        this.rowSortKeys.delete(key);
      } else {
        this.rowSortKeys.set(key, sortKey);
        placed.push([sortKey, key]);
      }
    }
    const order = removed.size ? this.order.filter((key) => !removed.has(key)) : this.order.slice();
    for (const [sortKey, key] of placed) order.splice(this.lowerBound(order, sortKey), 0, key);
    this.order = order;
  }

  private lowerBound(order: readonly string[], sortKey: string): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.rowSortKeys.get(order[mid]!)! < sortKey) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** A conversation counts as running while the server says so or a live stream is attached. */
export function isActive(status: ExecutionStatus | undefined, streamAttached = false): boolean {
  return status === 'running' || status === 'waiting_for_confirmation' || streamAttached;
}

const RESTART_ERROR = /restart/i;
const INTERRUPT_ERROR = /interrupt|cancel/i;

/** How an AgentErrorEvent reads: a cut-off run is "interrupted", anything else an error. */
export function agentErrorState(error: AgentErrorEvent): 'interrupted' | 'error' {
  return RESTART_ERROR.test(error.error ?? '') || INTERRUPT_ERROR.test(error.error ?? '')
    ? 'interrupted'
    : 'error';
}

/**
 * A call's state. An observation means the tool really ran, so it decides; otherwise the first
 * outcome (the one the agent saw) does. Without any outcome, a call is running only while the
 * conversation is active: a dangling call in a stopped conversation is settled, never a spinner.
 */
export function callState(call: ToolCall, active: boolean): CallState {
  const observation = call.outcomes.findLast((o): o is ObservationEvent => o.kind === 'ObservationEvent');
  if (observation) return observation.observation.is_error ? 'error' : 'done';
  const first = call.outcomes[0];
  if (first?.kind === 'UserRejectObservation') return 'rejected';
  if (first?.kind === 'AgentErrorEvent') return agentErrorState(first);
  return active ? 'running' : 'interrupted';
}

export function projectEvents(events: readonly ServerEvent[]): ConversationProjection {
  const projection = new ConversationProjection();
  projection.apply(events);
  return projection;
}
