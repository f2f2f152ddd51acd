import {
  isRecord,
  type ActionEvent,
  type Condensation,
  type ConversationErrorEvent,
  type ExecutionStatus,
  type InterruptEvent,
  type MessageEvent,
  type PauseEvent,
  type ServerEvent,
} from '../agent-server/protocol';
import { statusFromStateUpdate } from './executionStatus';
import { malformation } from './malformedEvents';
import type { Outcome, ToolCall } from './toolCalls';
import { insertSorted, isAfter, sortKeyOf, type Sortable } from './eventOrder';
import { ToolReports } from './toolReports';

// The projection turns the conversation's event log into rows the screen shows. It is pure
// data (no React) and order-independent: the rows depend only on the *set* of events, never on
// the order they arrived in or how often. That is what lets history pages, socket replay and
// live frames interleave freely.
//
// Over 400 lines, and one idea: events in, rows out, kept incrementally. The rules it calls on
// live beside it (a call's state in toolCalls.ts, what makes an event malformed in
// malformedEvents.ts, statuses in executionStatus.ts); what stays is the bookkeeping of slots,
// their order and their cached rows, which only makes sense read together, and which the
// property test holds to "the rows depend only on the set of events".

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
  /** The server condensed what the agent sees of the history before this point. */
  | (RowBase & { readonly type: 'compaction'; readonly event: Condensation })
  /**
   * The agent's settings changed (a model switch, mostly): the model from here on, and the one
   * before it where the log says (the conversation's first model is not in its events).
   */
  | (RowBase & {
      readonly type: 'model';
      readonly event: ServerEvent;
      readonly model: string;
      readonly previous: string | undefined;
    })
  | (RowBase & {
      readonly type: 'unknown';
      readonly event: ServerEvent;
      /** The fields a known kind lacks; null when the kind itself is unknown. */
      readonly lacks: string | null;
    });

// Row keys: an event row is keyed by its event id; turns and standalone outcomes by a marker
// (a control character no event id contains) and the response or tool call id.
const TURN = '\u0001';
const ORPHAN = '\u0002';

const HIDDEN_KINDS = new Set(['SystemPromptEvent', 'CondensationRequest', 'ConversationStateUpdateEvent']);

/** The model an `agent` state update installs; undefined for any other update. */
function modelOf(event: ServerEvent & { key: string; value: unknown }): string | undefined {
  if (event.key !== 'agent' || !isRecord(event.value) || !isRecord(event.value.llm)) return undefined;
  const model = event.value.llm.model;
  return typeof model === 'string' && model ? model : undefined;
}

function thoughtText(action: ActionEvent): string {
  const thought = action.thought;
  if (!Array.isArray(thought)) return '';
  return thought
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('')
    .trim();
}

/**
 * One row of the view: where it sorts and what it shows. A row sorts by its first event, whose
 * timestamp and id are copied here: sorting then reads one object shape, where reading events
 * of many shapes is slow. Every slot has every field, for the same reason.
 */
interface Slot {
  readonly key: string;
  timestamp: string;
  id: string;
  /** False once the row is gone (standalone outcomes whose action arrived). */
  live: boolean;
  /** Whether the slot is in the current order. */
  placed: boolean;
  /** The apply that last touched the slot, so that a batch lists it once. */
  touchedIn: number;
  /** The row object, built on first read and dropped whenever an event touches the row. */
  row: Row | undefined;
  /** A turn's calls as rows show them, without the row (folding reads them); dropped with it. */
  turnCalls: readonly ToolCall[] | undefined;
  /** An event row's event and, when malformed, why. */
  readonly event: ServerEvent | undefined;
  readonly problem: string | null;
  /** A turn's actions, oldest first. */
  readonly actions: ActionEvent[] | undefined;
  /** A standalone outcome row's call. */
  readonly call: CallRecord | undefined;
}

function newSlot(
  key: string,
  timestamp: string,
  id: string,
  event: ServerEvent | undefined,
  problem: string | null,
  actions: ActionEvent[] | undefined,
  call: CallRecord | undefined,
): Slot {
  return {
    key,
    timestamp,
    id,
    live: true,
    placed: false,
    touchedIn: 0,
    row: undefined,
    turnCalls: undefined,
    event,
    problem,
    actions,
    call,
  };
}

/** The kinds an event row is drawn as (buildRow's cases); any other is shown raw. */
const SHOWN_KINDS: ReadonlySet<string> = new Set([
  'MessageEvent',
  'ConversationErrorEvent',
  'PauseEvent',
  'InterruptEvent',
  'Condensation',
  'ConversationStateUpdateEvent',
]);

/** The order of compareEvents; apart from it so that its reads only ever see slots. */
function compareSlots(a: Slot, b: Slot): number {
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Everything known of one tool call, by its tool_call_id. */
interface CallRecord {
  readonly toolCallId: string;
  action: ActionEvent | undefined;
  /** The turn its action belongs to. */
  turn: Slot | undefined;
  /** Oldest first (seed 004 can give two). */
  readonly outcomes: Outcome[];
  /** The row of outcomes that came before their action. */
  orphan: Slot | undefined;
  /** The call as rows show it; rebuilt after any change. */
  view: ToolCall | undefined;
}

export class ConversationProjection {
  /** The id of every event applied. */
  private readonly seen = new Set<string>();
  /** Turn rows by LLM response id. */
  private readonly turns = new Map<string, Slot>();
  private readonly calls = new Map<string, CallRecord>();
  private newest = '';
  /** The live rows in sort order, and their keys (a new array whenever the order changes). */
  private order: Slot[] = [];
  private keys: readonly string[] = [];
  /** Rows touched by the apply under way, each once. */
  private touched: Slot[] = [];
  /** Whether the apply under way moved or removed a row already in order (rare: late events). */
  private reshuffle = false;
  private newestStatus: { event: Sortable; status: ExecutionStatus } | undefined;
  /** A state update in the batch being applied changed a fact read from here (stats, status). */
  private factsChanged = false;
  private newestStats: { event: Sortable; stats: unknown } | undefined;
  /** The rows of `agent` state updates, in sort order: each names the model before it. */
  private readonly modelSlots: Slot[] = [];
  private newestConversationError: Sortable | undefined;
  private newestUserMessage: Sortable | undefined;
  private newestAgentEvent: Sortable | undefined;
  private runningSince: Sortable | undefined;

  /** Bumped on every change, so subscribers can compare cheaply. */
  version = 0;
  /** Row objects built so far: only the rows read (those on screen) should ever be built. */
  rowsBuilt = 0;
  /** Tool calls whose action is held and that have no outcome yet: while > 0 a tool runs. */
  openCalls = 0;
  /** What tools reported beyond their rows: the workspace touched, the task list, the browser. */
  readonly reports = new ToolReports();

  get rowOrder(): readonly string[] {
    return this.keys;
  }

  /** The row at an index of `rowOrder`: the same object until an event touches it. */
  rowAt(index: number): Row | undefined {
    const slot = this.order[index];
    return slot && (slot.row ??= this.buildRow(slot));
  }

  /**
   * The calls of the turn at an index of `rowOrder` (undefined for any other row), the same array
   * until an event touches the turn: what folding needs, without building the row.
   */
  turnCallsAt(index: number): readonly ToolCall[] | undefined {
    const slot = this.order[index];
    return slot?.actions && this.callsOf(slot, slot.actions);
  }

  /** Whether the row at an index of `rowOrder` is one Tether cannot show, without building it. */
  unknownAt(index: number): boolean {
    const slot = this.order[index];
    return !!slot?.event && (slot.problem !== null || !SHOWN_KINDS.has(slot.event.kind));
  }

  private callsOf(slot: Slot, actions: readonly ActionEvent[]): readonly ToolCall[] {
    return (slot.turnCalls ??= actions.map((action) => this.callView(this.calls.get(action.tool_call_id)!)));
  }

  get rows(): Row[] {
    return this.order.map((slot) => (slot.row ??= this.buildRow(slot)));
  }

  has(eventId: string): boolean {
    return this.seen.has(eventId);
  }

  get eventCount(): number {
    return this.seen.size;
  }

  /** The newest event's timestamp, by the server's clock: the resume cursor for a socket. */
  get newestTimestamp(): string | undefined {
    return this.newest || undefined;
  }

  /** The execution status the newest persisted state update reports, if any. */
  get statusFromEvents(): ExecutionStatus | undefined {
    return this.newestStatus?.status;
  }

  /** The ConversationStats of the newest `stats` state update, if any (see usage.ts). */
  get statsFromEvents(): unknown {
    return this.newestStats?.stats;
  }

  /** The model the newest `agent` state update installed: the one the next turn uses. */
  get modelFromEvents(): string | undefined {
    const newest = this.modelSlots.at(-1)?.event;
    return newest?.kind === 'ConversationStateUpdateEvent' ? modelOf(newest) : undefined;
  }

  /**
   * True when the newest ConversationErrorEvent is newer than the newest user message: the
   * conversation's error status is then explained by an event on screen.
   */
  get errorExplained(): boolean {
    const error = this.newestConversationError;
    return error !== undefined && isAfter(error.timestamp, error.id, this.newestUserMessage);
  }

  /**
   * The newest user message when nothing of the agent's and no conversation error came after it,
   * and it was persisted before the newest execution-status update (one persisted after it the
   * server runs: a finished conversation goes idle first). What answers/missedMessages.ts judges.
   */
  get unansweredUserMessage(): MessageEvent | undefined {
    const user = this.newestUserMessage;
    const status = this.newestStatus?.event;
    const agent = this.newestAgentEvent;
    const error = this.newestConversationError;
    if (!user || (status && isAfter(user.timestamp, user.id, status))) return undefined;
    if (agent && isAfter(agent.timestamp, agent.id, user)) return undefined;
    if (error && isAfter(error.timestamp, error.id, user)) return undefined;
    return user as MessageEvent;
  }

  /**
   * User messages sorting after this key arrived during the current run and the agent has not
   * answered since: the newest of the agent's last event and the run's start.
   */
  get readUpTo(): string {
    const agent = this.newestAgentEvent;
    const newest = agent && isAfter(agent.timestamp, agent.id, this.runningSince) ? agent : this.runningSince;
    return newest ? sortKeyOf(newest) : '';
  }

  /** Applies events (any order, duplicates allowed). Returns whether anything changed. */
  apply(batch: readonly ServerEvent[]): boolean {
    this.factsChanged = false;
    for (const event of batch) this.applyOne(event);
    // A state update touches no row, but what it reports (usage, the status) is read from here.
    if (this.touched.length === 0 && !this.factsChanged) return false;
    this.reorder();
    this.version++;
    return true;
  }

  private applyOne(event: ServerEvent): void {
    // Runs for every event of a 10,000-event page: each field is read once (reads across many
    // event shapes are slow), and few map operations are done per event.
    const { id, kind, source, timestamp } = event;
    if (kind === 'StreamingDeltaEvent') return;
    const seenBefore = this.seen.size;
    if (this.seen.add(id).size === seenBefore) return;
    if (timestamp > this.newest) this.newest = timestamp;
    if (source === 'agent' && isAfter(timestamp, id, this.newestAgentEvent)) this.newestAgentEvent = event;

    const problem = malformation(event, kind);
    if (problem) return this.touch(newSlot(id, timestamp, id, event, problem, undefined, undefined));
    // On the event's own kind (the field read again), so that each case knows its event's shape.
    switch (event.kind) {
      case 'ConversationStateUpdateEvent':
        return this.trackState(event);
      case 'ActionEvent': {
        const action = event;
        const call = this.call(action.tool_call_id);
        const groupKey = action.llm_response_id ?? `action:${id}`;
        let turn = this.turns.get(groupKey);
        if (!turn) {
          turn = newSlot(TURN + groupKey, timestamp, id, undefined, null, [action], undefined);
          this.turns.set(groupKey, turn);
        } else if (insertSorted(turn.actions!, action) === 0) {
          this.moveTo(turn, timestamp, id);
        }
        if (!call.action && call.outcomes.length === 0) this.openCalls++;
        call.action = action;
        this.reports.noteAction(action);
        call.turn = turn;
        call.view = undefined;
        this.touch(turn);
        // Outcomes that came first had a row of their own: they join the turn now.
        const orphan = call.orphan;
        if (orphan) {
          orphan.live = false;
          this.reshuffle ||= orphan.placed;
          this.touch(orphan);
          call.orphan = undefined;
        }
        return;
      }
      case 'ObservationEvent':
      case 'UserRejectObservation':
      case 'AgentErrorEvent': {
        const outcome: Outcome = event;
        this.reports.note(outcome);
        const call = this.call(outcome.tool_call_id);
        if (call.action && call.outcomes.length === 0) this.openCalls--;
        const index = insertSorted(call.outcomes, outcome);
        call.view = undefined;
        if (call.turn) return this.touch(call.turn);
        let orphan = call.orphan;
        if (!orphan) {
          orphan = call.orphan = newSlot(
            ORPHAN + call.toolCallId,
            timestamp,
            id,
            undefined,
            null,
            undefined,
            call,
          );
        } else if (index === 0) {
          this.moveTo(orphan, timestamp, id);
        }
        return this.touch(orphan);
      }
      case 'ConversationErrorEvent':
        if (isAfter(timestamp, id, this.newestConversationError)) this.newestConversationError = event;
        break;
      case 'MessageEvent':
        if (source === 'user' && isAfter(timestamp, id, this.newestUserMessage))
          this.newestUserMessage = event;
        break;
    }
    if (!HIDDEN_KINDS.has(kind)) this.touch(newSlot(id, timestamp, id, event, null, undefined, undefined));
  }

  /** A row's first event changed: it sorts elsewhere now. */
  private moveTo(slot: Slot, timestamp: string, id: string): void {
    slot.timestamp = timestamp;
    slot.id = id;
    this.reshuffle ||= slot.placed;
  }

  private touch(slot: Slot): void {
    slot.row = undefined;
    slot.turnCalls = undefined;
    if (slot.touchedIn === this.version + 1) return;
    slot.touchedIn = this.version + 1;
    this.touched.push(slot);
  }

  private call(toolCallId: string): CallRecord {
    let call = this.calls.get(toolCallId);
    if (!call) {
      call = {
        toolCallId,
        action: undefined,
        turn: undefined,
        outcomes: [],
        orphan: undefined,
        view: undefined,
      };
      this.calls.set(toolCallId, call);
    }
    return call;
  }

  private trackState(event: ServerEvent & { key: string; value: unknown }): void {
    if (event.key === 'stats' && isAfter(event.timestamp, event.id, this.newestStats?.event)) {
      this.newestStats = { event, stats: event.value };
      this.factsChanged = true;
    }
    if (modelOf(event)) {
      const slot = newSlot(event.id, event.timestamp, event.id, event, null, undefined, undefined);
      const index = insertSorted(this.modelSlots, slot);
      const next = this.modelSlots[index + 1];
      // The row after it now has another model before it.
      if (next) this.touch(next);
      return this.touch(slot);
    }
    const value = statusFromStateUpdate(event);
    if (!value) return;
    if (isAfter(event.timestamp, event.id, this.newestStatus?.event)) {
      this.newestStatus = { event, status: value };
      this.factsChanged = true;
    }
    if (value === 'running' && isAfter(event.timestamp, event.id, this.runningSince))
      this.runningSince = event;
  }

  private callView(call: CallRecord): ToolCall {
    return (call.view ??= {
      toolCallId: call.toolCallId,
      action: call.action,
      outcomes: call.outcomes.slice(),
    });
  }

  private buildRow(slot: Slot): Row {
    this.rowsBuilt++;
    const { key, event, actions, call } = slot;
    const base = { key, sortKey: sortKeyOf(slot), eventId: slot.id };
    if (actions) {
      const withThought = actions.find((a) => thoughtText(a) !== '');
      const withReasoning = actions.find(
        (a) => typeof a.reasoning_content === 'string' && a.reasoning_content,
      );
      return {
        ...base,
        type: 'turn',
        calls: this.callsOf(slot, actions),
        thought: withThought ? thoughtText(withThought) : '',
        reasoning: withReasoning?.reasoning_content ?? '',
      };
    }
    if (call) return { ...base, type: 'orphan-outcome', call: this.callView(call) };
    if (!event) throw new Error(`row ${key} has no content`);
    if (slot.problem) return { ...base, type: 'unknown', event, lacks: slot.problem };
    switch (event.kind) {
      case 'MessageEvent':
        return { ...base, type: 'message', event };
      case 'ConversationErrorEvent':
        return { ...base, type: 'conversation-error', event };
      case 'PauseEvent':
      case 'InterruptEvent':
        return { ...base, type: 'marker', event };
      case 'Condensation':
        return { ...base, type: 'compaction', event };
      case 'ConversationStateUpdateEvent': {
        const before = this.modelSlots[this.modelSlots.indexOf(slot) - 1]?.event;
        return {
          ...base,
          type: 'model',
          event,
          model: modelOf(event)!,
          previous: before?.kind === 'ConversationStateUpdateEvent' ? modelOf(before) : undefined,
        };
      }
      default:
        return { ...base, type: 'unknown', event, lacks: null };
    }
  }

  private reorder(): void {
    const touched = this.touched;
    this.touched = [];
    const reshuffle = this.reshuffle;
    this.reshuffle = false;
    // A big batch (a history page) or a row that moved: sort every row once. Pages come in time
    // order, so that is mostly one pass (the sort merges runs).
    if (reshuffle || touched.length > 64) {
      const order = this.order.filter((slot) => slot.live);
      for (const slot of touched) {
        if (slot.live && !slot.placed) order.push(slot);
        slot.placed = slot.live;
      }
      this.order = order.sort(compareSlots);
      this.keys = order.map((slot) => slot.key);
      return;
    }
    // Live events: rows already in order stay where they are; new ones go in by binary search.
    // The keys are copied only when they change (the screen compares them with the last ones).
    const order = this.order;
    let keys: string[] | undefined;
    for (const slot of touched) {
      if (slot.placed || !slot.live) continue;
      slot.placed = true;
      const at = lowerBound(order, slot);
      order.splice(at, 0, slot);
      (keys ??= this.keys.slice()).splice(at, 0, slot.key);
    }
    if (keys) this.keys = keys;
  }
}

function lowerBound(order: readonly Slot[], slot: Slot): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareSlots(order[mid]!, slot) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function projectEvents(events: readonly ServerEvent[]): ConversationProjection {
  const projection = new ConversationProjection();
  projection.apply(events);
  return projection;
}
