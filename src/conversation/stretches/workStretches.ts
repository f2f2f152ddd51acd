import { readObservation } from '../../agent-server/toolActions';
import { actionOf } from '../toolCallView';
import { callState, type Row, type ToolCall } from '../projection';

// Consecutive finished steps of the agent fold into one line ("Ran 3 commands · edited 2 files"),
// so a long session reads as what was asked, what was said, and what needs a look. A step stays
// open when it needs the reader: running, failed, rejected, interrupted, waiting, a command that
// exited non-zero, or the agent's final answer.

export interface Stretch {
  /** The first row's key: the stretch's identity while rows are added after it. */
  readonly id: string;
  /** Keys of its rows, in order. */
  readonly keys: readonly string[];
  readonly summary: string;
}

type Turn = Extract<Row, { type: 'turn' }>;

/** Row objects stay the same until an event changes them: each is judged once. */
const judged = new WeakMap<Row, boolean>();

/**
 * Whether a turn only holds calls that finished cleanly (and no answer the reader must see).
 * Only a call with an observation is done, so whether a run goes does not matter here.
 */
function foldable(row: Row): row is Turn {
  if (row.type !== 'turn') return false;
  let verdict = judged.get(row);
  if (verdict === undefined) {
    verdict = row.calls.every((call) => {
      if (actionOf(call)?.tool === 'finish') return false;
      if (callState(call, false) !== 'done') return false;
      return !call.outcomes.some(
        (outcome) => outcome.kind === 'ObservationEvent' && nonZeroExit(outcome.observation),
      );
    });
    judged.set(row, verdict);
  }
  return verdict;
}

function nonZeroExit(observation: unknown): boolean {
  const told = readObservation(observation);
  return (told.tool === 'terminal' || told.tool === 'other') && (told.exitCode ?? 0) !== 0;
}

type Tally = Record<'ran' | 'edited' | 'created' | 'viewed' | 'tasks' | 'thought' | 'other', number>;

function tally(call: ToolCall, counts: Tally, edited: Set<string>): void {
  const action = actionOf(call);
  if (action?.tool === 'terminal') counts.ran++;
  else if (action?.tool === 'file-edit') {
    const path = action.path;
    if (action.command === 'view') counts.viewed++;
    else if (action.command === 'create') counts.created++;
    else if (!edited.has(path)) {
      edited.add(path);
      counts.edited++;
    }
  } else if (action?.tool === 'task-tracker') counts.tasks++;
  else if (action?.tool === 'think') counts.thought++;
  else counts.other++;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The stretch in a line: what the agent did, most telling first. */
export function stretchSummary(calls: readonly ToolCall[]): string {
  const counts: Tally = { ran: 0, edited: 0, created: 0, viewed: 0, tasks: 0, thought: 0, other: 0 };
  const edited = new Set<string>();
  for (const call of calls) tally(call, counts, edited);
  const parts = [
    counts.ran && `ran ${plural(counts.ran, 'command', 'commands')}`,
    counts.edited && `edited ${plural(counts.edited, 'file', 'files')}`,
    counts.created && `created ${plural(counts.created, 'file', 'files')}`,
    counts.viewed && `read ${plural(counts.viewed, 'file', 'files')}`,
    counts.tasks && `updated the task list${counts.tasks > 1 ? ` ${counts.tasks} times` : ''}`,
    counts.thought && `thought ${counts.thought === 1 ? 'once' : `${counts.thought} times`}`,
    counts.other && plural(counts.other, 'other step', 'other steps'),
  ].filter((part): part is string => Boolean(part));
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The stretch last made from the run that starts with this row, and the rows it was made of. */
const made = new WeakMap<Row, { rows: readonly Turn[]; stretch: Stretch }>();

/**
 * The stretch of these rows: the one made before when they are the same row objects, so a new
 * event remakes only the stretch it changed (during a run, the newest) and the others keep
 * their identity.
 */
function stretchOf(run: readonly Turn[]): Stretch {
  const before = made.get(run[0]!);
  if (before && before.rows.length === run.length && before.rows.every((row, i) => row === run[i])) {
    return before.stretch;
  }
  const stretch: Stretch = {
    id: run[0]!.key,
    keys: run.map((row) => row.key),
    summary: stretchSummary(run.flatMap((row) => row.calls)),
  };
  made.set(run[0]!, { rows: run, stretch });
  return stretch;
}

/**
 * The stretches among the rows, by the key of each row in one. Cheap (one pass, no text, each row
 * judged once, each unchanged stretch reused): it runs on every change of the rows.
 */
export function workStretches(rows: readonly Row[]): Map<string, Stretch> {
  const byKey = new Map<string, Stretch>();
  let run: Turn[] = [];
  const close = () => {
    if (run.length > 0) {
      const stretch = stretchOf(run);
      for (const key of stretch.keys) byKey.set(key, stretch);
    }
    run = [];
  };
  for (const row of rows) {
    if (foldable(row)) run.push(row);
    else close();
  }
  close();
  return byKey;
}
