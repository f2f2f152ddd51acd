import { contentText, type ActionEvent } from '../../agent-server/protocol';
import { readAction, readObservation } from '../../agent-server/toolActions';
import { isAfter } from '../eventOrder';
import type { Outcome } from '../toolCalls';

// The agent's commands and what they printed, in the order it ran them: the Terminal tab's
// content. Kept as events arrive, in any order (a result can come before its command).

export interface TerminalEntry {
  toolCallId: string;
  timestamp: string;
  /** The command's event id: with the timestamp, its place in the order. */
  id: string;
  command: string;
  /** Sent as input to a command already running (is_input), not run as a new command. */
  isInput: boolean;
  /** What it printed, once its result came. */
  output?: string;
  exitCode?: number;
  /** Why there is no output: the person rejected it (with their reason, if any), or the tool failed. */
  refusal?: { kind: 'rejected'; reason?: string } | { kind: 'failed'; error: string };
}

type Result = Pick<TerminalEntry, 'output' | 'exitCode' | 'refusal'>;

export class TerminalLog {
  /** Kept in order and changed in place; `entries` hands out a copy when something changed. */
  private readonly list: TerminalEntry[] = [];
  private readonly byCall = new Map<string, TerminalEntry>();
  /** Results that came before their command. */
  private readonly early = new Map<string, Result>();
  private changed = false;
  private snapshot: readonly TerminalEntry[] = [];

  /** Oldest first; a new array, with new objects for what changed, after each change. */
  get entries(): readonly TerminalEntry[] {
    if (this.changed) {
      this.changed = false;
      this.snapshot = this.list.map((entry) => ({ ...entry }));
    }
    return this.snapshot;
  }

  noteAction(event: ActionEvent): void {
    const action = readAction(event.action);
    if (action?.tool !== 'terminal' || this.byCall.has(event.tool_call_id)) return;
    const entry: TerminalEntry = {
      toolCallId: event.tool_call_id,
      timestamp: event.timestamp,
      id: event.id,
      command: action.command,
      isInput: action.isInput,
      ...this.early.get(event.tool_call_id),
    };
    this.early.delete(event.tool_call_id);
    this.byCall.set(entry.toolCallId, entry);
    // History pages arrive newest first, live events last: a binary search finds the place.
    let low = 0;
    let high = this.list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const other = this.list[middle]!;
      if (isAfter(event.timestamp, event.id, other)) low = middle + 1;
      else high = middle;
    }
    this.list.splice(low, 0, entry);
    this.changed = true;
  }

  noteOutcome(event: Outcome): void {
    const result = resultOf(event);
    if (!result) return;
    const entry = this.byCall.get(event.tool_call_id);
    if (!entry) {
      this.early.set(event.tool_call_id, result);
      return;
    }
    Object.assign(entry, result);
    this.changed = true;
  }
}

function resultOf(event: Outcome): Result | undefined {
  if (event.kind !== 'ObservationEvent' && event.tool_name && event.tool_name !== 'terminal')
    return undefined;
  if (event.kind === 'UserRejectObservation')
    return { refusal: { kind: 'rejected', reason: event.rejection_reason || undefined } };
  if (event.kind === 'AgentErrorEvent') return { refusal: { kind: 'failed', error: event.error } };
  const observation = readObservation(event.observation);
  if (observation.tool !== 'terminal') return undefined;
  return {
    output: contentText((event.observation as { content?: unknown }).content),
    ...(observation.exitCode !== undefined ? { exitCode: observation.exitCode } : {}),
  };
}

/** Where a terminal log is fed from: a projection's tool reports (ToolReports.watch). */
interface ToolEventSource {
  watch(watcher: (event: ActionEvent | Outcome) => void): () => void;
}

/** A log of every command the source has received, kept up to date until `stop` is called. */
export function watchTerminal(source: ToolEventSource): { log: TerminalLog; stop: () => void } {
  const log = new TerminalLog();
  const stop = source.watch((event) =>
    event.kind === 'ActionEvent' ? log.noteAction(event) : log.noteOutcome(event),
  );
  return { log, stop };
}
