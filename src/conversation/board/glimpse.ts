import { contentText, isRecord } from '../../agent-server/protocol';
import { readAction, readObservation } from '../../agent-server/toolActions';

// What the board needs to know of a conversation beyond its listed status, read from its newest
// events (newest first, one small page): what it waits for, whether its last words ask the person
// something, why it stopped, whether its last run edited files, and its current task. Facts only:
// the card makes its words when drawn. Pure, so that each rule is tested.

/** How many of the newest events a glimpse reads: one run's end, mostly. */
export const GLIMPSE_EVENTS = 20;

export interface Glimpse {
  /** The `updated_at` of the conversation when this was read: a newer one makes it stale. */
  readonly readAt: string;
  /** The action waiting for approval: its event, its tool, and what it would do. */
  readonly pending?: { readonly eventId: string; readonly tool: string; readonly what: string };
  /** The agent's last words in the last run end with a question, and no one answered. */
  readonly question?: { readonly eventId: string };
  /** The last run stopped with the server's error code (MaxBudgetReached, …). */
  readonly error?: { readonly eventId: string; readonly code: string };
  /** The last run edited a file (create, replace, insert, undo), as far as the glimpse reached. */
  readonly edited: boolean;
  /** When the last run began (the person's message), when the glimpse reached it. */
  readonly runStartedAt?: string;
  /** When the newest event of the last run was made: with the start, how long the run took. */
  readonly runEndedAt?: string;
  /** The task in progress on the agent's task list, when the glimpse holds the list. */
  readonly task?: string;
  /** The newest event (state updates aside) is a stop: an InterruptEvent or a PauseEvent. */
  readonly stop?: { readonly eventId: string };
}

const EDITS = new Set(['create', 'str_replace', 'insert', 'undo_edit']);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Words that end with a question mark (in any of the scripts Tether speaks: ?, ？, ؟), past any
 * closing quotes, brackets or Markdown emphasis.
 */
export function asksSomething(words: string): boolean {
  return /[?？؟]$/.test(words.trim().replace(/[\s*_`"'”’)\]]+$/u, ''));
}

/** One line of what an action would do: its command, its file, or the model's summary. */
function actionWhat(event: Record<string, unknown>): string {
  const action = readAction(event.action);
  if (action?.tool === 'terminal' && action.command) return action.command;
  if (action?.tool === 'file-edit') return `${action.command} ${action.path}`.trim();
  return str(event.summary) ?? '';
}

/** The glimpse of `newestFirst`, the newest events of a conversation last updated at `readAt`. */
export function glimpseOf(newestFirst: readonly unknown[], readAt: string): Glimpse {
  let pending: Glimpse['pending'];
  let question: Glimpse['question'];
  let error: Glimpse['error'];
  let task: string | undefined;
  let runStartedAt: string | undefined;
  let runEndedAt: string | undefined;
  let edited = false;
  let stop: Glimpse['stop'];
  let newestSeen = false;
  // Tool calls that have an outcome newer than them: they wait for nothing.
  const answered = new Set<string>();
  let wordsSeen = false;
  for (const event of newestFirst) {
    if (!isRecord(event)) continue;
    const kind = str(event.kind);
    const id = str(event.id) ?? '';
    runEndedAt ??= str(event.timestamp);
    if (!newestSeen && kind !== 'ConversationStateUpdateEvent') {
      newestSeen = true;
      if (kind === 'InterruptEvent' || kind === 'PauseEvent') stop = { eventId: id };
    }
    if (kind === 'MessageEvent' && event.source === 'user') {
      runStartedAt = str(event.timestamp);
      break;
    }
    const callId = str(event.tool_call_id);
    if (kind === 'ObservationEvent' || kind === 'UserRejectObservation' || kind === 'AgentErrorEvent') {
      if (callId) answered.add(callId);
      if (kind === 'ObservationEvent' && task === undefined) {
        const observation = readObservation(event.observation);
        if (observation.tool === 'task-tracker' && observation.tasks)
          task = observation.tasks.find((item) => item.status === 'in_progress')?.title ?? '';
      }
    } else if (kind === 'ActionEvent') {
      const action = readAction(event.action);
      if (!pending && callId && !answered.has(callId) && action?.tool !== 'finish')
        pending = { eventId: id, tool: str(event.tool_name) ?? 'tool', what: actionWhat(event) };
      if (action?.tool === 'file-edit' && EDITS.has(action.command)) edited = true;
      if (action?.tool === 'finish' && !wordsSeen) {
        wordsSeen = true;
        if (asksSomething(action.message)) question = { eventId: id };
      }
    } else if (kind === 'MessageEvent' && event.source === 'agent' && !wordsSeen) {
      wordsSeen = true;
      const message = isRecord(event.llm_message) ? event.llm_message : {};
      if (asksSomething(contentText(message.content))) question = { eventId: id };
    } else if (kind === 'ConversationErrorEvent' && !error) {
      error = { eventId: id, code: str(event.code) ?? '' };
    }
  }
  return {
    readAt,
    ...(pending ? { pending } : {}),
    ...(question ? { question } : {}),
    ...(error ? { error } : {}),
    edited,
    ...(runStartedAt ? { runStartedAt } : {}),
    ...(runStartedAt && runEndedAt ? { runEndedAt } : {}),
    ...(task ? { task } : {}),
    ...(stop ? { stop } : {}),
  };
}
