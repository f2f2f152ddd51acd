import { readAction, readObservation } from '../../agent-server/toolActions';
import { eventAt, type RowReader } from '../rowReader';
import type { ToolCall } from '../toolCalls';

// What one turn of the agent changed in the workspace, from the turn's own file edits: each file
// the file editor changed, as it was before the turn's first edit of it and after its last. The
// file editor reports both whole texts (FileEditorObservation old_content / new_content), so
// this needs no snapshot of the workspace.
//
// Commands are not covered: the server keeps no snapshot before a turn, and a command's output
// does not say what it wrote. They are counted, so that the screen can say so; the workspace's
// git changes still show everything that differs from the last commit.

export interface TurnFileChange {
  /** As the file editor named it: absolute. */
  path: string;
  /** The text before the turn; null where the turn created the file. */
  before: string | null;
  /** The text after the turn. */
  after: string;
  /** The edits the turn made to it. */
  edits: number;
  /** The result event of the turn's last edit of it: what made `after`. */
  eventId: string;
}

export interface TurnChanges {
  files: TurnFileChange[];
  /** Terminal commands the turn ran: what they wrote is not in `files`. */
  commands: number;
  /** Files the turn edited whose texts the server did not report: they cannot be shown or put back. */
  unreported: string[];
}

/** What a turn's tool calls changed, in the order they were made. */
export function turnChanges(calls: readonly ToolCall[]): TurnChanges {
  const files = new Map<string, TurnFileChange>();
  const unreported = new Set<string>();
  let commands = 0;
  for (const call of calls) {
    const action = call.action && readAction(call.action.action);
    if (action?.tool === 'terminal' && !action.isInput) commands++;
    for (const outcome of call.outcomes) {
      if (outcome.kind !== 'ObservationEvent') continue;
      const observation = readObservation(outcome.observation);
      if (observation.tool !== 'file-edit' || observation.isError || observation.command === 'view') continue;
      const path = observation.path;
      if (!path) continue;
      const { oldContent, newContent } = observation;
      const created = observation.command === 'create' && !observation.existed;
      if (newContent === undefined || (oldContent === undefined && !created)) {
        unreported.add(path);
        continue;
      }
      const known = files.get(path);
      if (known) {
        known.after = newContent;
        known.edits++;
        known.eventId = outcome.id;
      } else
        files.set(path, {
          path,
          before: created ? null : oldContent!,
          after: newContent,
          edits: 1,
          eventId: outcome.id,
        });
    }
  }
  for (const path of unreported) files.delete(path);
  return {
    // An edit the turn undid itself changed nothing.
    files: [...files.values()].filter((file) => file.before !== file.after),
    commands,
    unreported: [...unreported],
  };
}

/** Who said the message at `index`, where the row is a message. */
const sourceOf = (turns: RowReader, index: number) => {
  const event = eventAt(turns, index);
  return event?.kind === 'MessageEvent' ? event.source : undefined;
};

const finishes = (calls: readonly ToolCall[] | undefined) =>
  !!calls?.some((call) => call.action && readAction(call.action.action)?.tool === 'finish');

/** Whether the row at `index` is an answer of the agent's: a message, or a turn that finishes. */
export const isAnswerAt = (turns: RowReader, index: number): boolean =>
  sourceOf(turns, index) === 'agent' || finishes(turns.turnCallsAt(index));

/**
 * The turn the row at `index` belongs to, from the person's message before it (excluded) to their
 * next one (excluded): its tool calls in order, and whether `index` is its last answer, where
 * "Changes in this turn" is offered. `ended`: a person's message follows, so the turn is over
 * whatever the conversation does now.
 */
export function turnAround(
  turns: RowReader,
  index: number,
): { calls: ToolCall[]; last: boolean; ended: boolean } {
  let start = index;
  while (start > 0 && sourceOf(turns, start - 1) !== 'user') start--;
  let end = index + 1;
  let last = true;
  for (; end < turns.rowOrder.length; end++) {
    if (sourceOf(turns, end) === 'user') break;
    if (isAnswerAt(turns, end)) last = false;
  }
  const calls: ToolCall[] = [];
  for (let at = start; at < end; at++) calls.push(...(turns.turnCallsAt(at) ?? []));
  return { calls, last, ended: end < turns.rowOrder.length };
}
