import stripAnsi from 'strip-ansi';
import { colouredText } from './terminalText';
import { contentText } from '../agent-server/protocol';
import { readAction, readObservation, type ToolAction } from '../agent-server/toolActions';
import { agentErrorState, type CallState, type Outcome, type ToolCall } from './toolCalls';
import { t, type MessageId } from '../i18n/i18n';

// What a tool-call card says, derived from its events. Pure, so the words are tested once.

const STATE_WORDS: Record<CallState, MessageId> = {
  running: 'card.running',
  done: 'card.done',
  error: 'card.failed',
  rejected: 'card.rejected',
  interrupted: 'card.interrupted',
};

/** The state in words, precise about why a call was cut off. */
export function stateLabel(call: ToolCall, state: CallState): string {
  if (state !== 'interrupted') return t(STATE_WORDS[state]);
  const first = call.outcomes[0];
  if (first?.kind === 'AgentErrorEvent' && /restart/i.test(first.error)) return t('card.interruptedRestart');
  if (first) return t('card.interrupted');
  return t('card.interruptedNoResult');
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** What the call's action asks for, as the one vocabulary reads it. */
export function actionOf(call: ToolCall): ToolAction | undefined {
  return readAction(call.action?.action);
}

export function toolName(call: ToolCall): string {
  return call.action?.tool_name ?? call.outcomes[0]?.tool_name ?? 'tool';
}

/** One line that says what the call does: the agent's summary, else the command or path. */
export function callHeadline(call: ToolCall): string {
  const action = actionOf(call);
  const summary = str(call.action?.summary);
  // Without a summary from the model, the server writes "tool: {raw arguments}": not worth a headline.
  if (summary && !summary.startsWith(`${call.action?.tool_name}: {`)) return summary;
  if (action?.tool === 'terminal' && action.command) return action.command;
  if (action?.tool === 'file-edit') return `${action.command} ${action.path}`.trim();
  if (action?.tool === 'task-tracker') return t('call.updateTasks');
  if (action?.tool === 'sub-agent')
    return t('call.subAgent', {
      name: action.subagent,
      task: action.description ?? action.prompt.split('\n')[0]!.slice(0, 80),
    });
  if (action?.tool === 'child-conversation')
    return action.title ? t('call.childTitled', { title: action.title }) : t('call.child');
  if (call.action && !action) return t('call.invalid', { tool: call.action.tool_name });
  const observed = call.outcomes.find((o) => o.kind === 'ObservationEvent');
  const observation =
    observed?.kind === 'ObservationEvent' ? readObservation(observed.observation) : undefined;
  if ((observation?.tool === 'terminal' || observation?.tool === 'other') && observation.command)
    return observation.command;
  return toolName(call);
}

/** The child conversation a launch started, on the same server, once its result is in. */
export function childOf(call: ToolCall): { id: string; title: string | undefined } | undefined {
  for (const outcome of call.outcomes) {
    if (outcome.kind !== 'ObservationEvent') continue;
    const told = readObservation(outcome.observation);
    if (told.tool === 'child-conversation' && told.conversationId && !told.isError)
      return { id: told.conversationId, title: told.title };
  }
  return undefined;
}

export interface OutcomeView {
  eventId: string;
  kind: 'output' | 'file-edit' | 'tasks' | 'child' | 'rejection' | 'error';
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
      return { ...base, kind: 'rejection', label: t('card.rejected'), text: outcome.rejection_reason ?? '' };
    case 'AgentErrorEvent': {
      const state = agentErrorState(outcome);
      const label = /restart/i.test(outcome.error)
        ? t('card.interruptedRestart')
        : state === 'interrupted'
          ? t('card.interrupted')
          : t('outcome.error');
      return { ...base, kind: 'error', label, text: outcome.error ?? '' };
    }
    case 'ObservationEvent': {
      // Terminal output carries the shell's escape sequences (bracketed paste, colours).
      const raw = contentText(outcome.observation.content);
      const text = stripAnsi(raw);
      const observation = readObservation(outcome.observation);
      if (observation.tool === 'file-edit' && (observation.oldContent || observation.newContent)) {
        return {
          ...base,
          kind: 'file-edit',
          label: observation.isError ? t('outcome.error') : t('outcome.edited'),
          text,
          path: observation.path,
          oldContent: observation.oldContent ?? '',
          newContent: observation.newContent ?? '',
        };
      }
      if (observation.tool === 'task-tracker' && observation.tasks) {
        const tasks = observation.tasks;
        return { ...base, kind: 'tasks', label: t('outcome.tasks', { count: tasks.length }), text, tasks };
      }
      if (observation.tool === 'child-conversation' && observation.conversationId && !observation.isError)
        return { ...base, kind: 'child', label: t('outcome.started'), text };
      const exitCode =
        observation.tool === 'terminal' || observation.tool === 'other' ? observation.exitCode : undefined;
      const label =
        exitCode !== undefined
          ? t('outcome.exitCode', { code: exitCode })
          : observation.isError
            ? t('outcome.error')
            : t('card.output');
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
