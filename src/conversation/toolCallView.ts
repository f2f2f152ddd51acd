import stripAnsi from 'strip-ansi';
import { colouredText } from './terminalText';
import { contentText, isRecord } from '../agent-server/protocol';
import { agentErrorState, type CallState, type Outcome, type ToolCall } from './projection';

// What a tool-call card says, derived from its events. Pure, so the words are tested once.

export const STATE_WORDS: Record<CallState, string> = {
  running: 'Running…',
  done: 'Done',
  error: 'Failed',
  rejected: 'Rejected',
  interrupted: 'Interrupted',
};

/** The state in words, precise about why a call was cut off. */
export function stateLabel(call: ToolCall, state: CallState): string {
  if (state !== 'interrupted') return STATE_WORDS[state];
  const first = call.outcomes[0];
  if (first?.kind === 'AgentErrorEvent' && /restart/i.test(first.error))
    return 'Interrupted by a server restart';
  if (first) return 'Interrupted';
  return 'Interrupted — no result';
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function toolName(call: ToolCall): string {
  return call.action?.tool_name ?? call.outcomes[0]?.tool_name ?? 'tool';
}

/** One line that says what the call does: the agent's summary, else the command or path. */
export function callHeadline(call: ToolCall): string {
  const action = call.action?.action;
  const summary = str(call.action?.summary);
  // Without a summary from the model, the server writes "tool: {raw arguments}": not worth a headline.
  if (summary && !summary.startsWith(`${call.action?.tool_name}: {`)) return summary;
  if (isRecord(action)) {
    if (str(action.command) && action.kind === 'TerminalAction') return String(action.command);
    if (action.kind === 'FileEditorAction')
      return `${String(action.command ?? 'edit')} ${String(action.path ?? '')}`.trim();
    if (action.kind === 'TaskTrackerAction') return 'Update the task list';
  }
  if (call.action && !action) return `Invalid call to ${call.action.tool_name}`;
  const observed = call.outcomes.find((o) => o.kind === 'ObservationEvent');
  if (observed?.kind === 'ObservationEvent' && str(observed.observation.command))
    return String(observed.observation.command);
  return toolName(call);
}

export interface OutcomeView {
  eventId: string;
  kind: 'output' | 'file-edit' | 'tasks' | 'rejection' | 'error';
  /** Short words for the outcome: "exit code 1", "interrupted by a server restart"… */
  label: string;
  /** The tool ran but reports failure (a non-zero exit code): worth a red label, not a failed card. */
  warning?: boolean;
  text: string;
  /** The output with its colour sequences kept (and only those), when it has any. */
  coloured?: string;
  path?: string;
  oldContent?: string;
  newContent?: string;
  tasks?: { title: string; status: string; notes?: string }[];
}

export function outcomeView(outcome: Outcome): OutcomeView {
  const base = { eventId: outcome.id };
  switch (outcome.kind) {
    case 'UserRejectObservation':
      return { ...base, kind: 'rejection', label: 'Rejected', text: outcome.rejection_reason ?? '' };
    case 'AgentErrorEvent': {
      const state = agentErrorState(outcome);
      const label = /restart/i.test(outcome.error)
        ? 'Interrupted by a server restart'
        : state === 'interrupted'
          ? 'Interrupted'
          : 'Error';
      return { ...base, kind: 'error', label, text: outcome.error ?? '' };
    }
    case 'ObservationEvent': {
      const observation = outcome.observation;
      // Terminal output carries the shell's escape sequences (bracketed paste, colours).
      const raw = contentText(observation.content);
      const text = stripAnsi(raw);
      if (
        observation.kind === 'FileEditorObservation' &&
        (str(observation.old_content) !== undefined || str(observation.new_content) !== undefined)
      ) {
        return {
          ...base,
          kind: 'file-edit',
          label: observation.is_error ? 'Error' : 'Edited',
          text,
          path: str(observation.path),
          oldContent: typeof observation.old_content === 'string' ? observation.old_content : '',
          newContent: typeof observation.new_content === 'string' ? observation.new_content : '',
        };
      }
      if (observation.kind === 'TaskTrackerObservation' && Array.isArray(observation.task_list)) {
        const tasks = (observation.task_list as unknown[]).filter(isRecord).map((task) => ({
          title: String(task.title ?? ''),
          status: String(task.status ?? 'todo'),
          ...(str(task.notes) ? { notes: String(task.notes) } : {}),
        }));
        return { ...base, kind: 'tasks', label: `${tasks.length} tasks`, text, tasks };
      }
      const exitCode = typeof observation.exit_code === 'number' ? observation.exit_code : undefined;
      const label =
        exitCode !== undefined ? `exit code ${exitCode}` : observation.is_error ? 'Error' : 'Output';
      const coloured = colouredText(raw);
      return {
        ...base,
        kind: 'output',
        label,
        text,
        ...(coloured ? { coloured } : {}),
        warning: (exitCode ?? 0) !== 0,
      };
    }
  }
}

/** Terminal output can be megabytes: show the head, and let the reader ask for the rest. */
export const OUTPUT_PREVIEW_CHARS = 8_000;

export function previewText(
  text: string,
  limit = OUTPUT_PREVIEW_CHARS,
): { shown: string; hiddenChars: number } {
  if (text.length <= limit) return { shown: text, hiddenChars: 0 };
  return { shown: text.slice(0, limit), hiddenChars: text.length - limit };
}
