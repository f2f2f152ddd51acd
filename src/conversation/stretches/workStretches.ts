import { readObservation } from '../../agent-server/toolActions';
import { i18n, t, type MessageId } from '../../i18n/i18n';
import { actionOf } from '../toolCallView';
import { callState, type ToolCall } from '../toolCalls';

// Consecutive finished steps of the agent fold into one line ("Ran 3 commands · edited 2 files"),
// so a long session reads as what was asked, what was said, and what needs a look. A step stays
// open when it needs the reader: running, failed, rejected, interrupted, waiting, a command that
// exited non-zero, the agent's final answer, work handed to a sub-agent, or a child conversation
// started (its card leads to it).
//
// Consecutive events Tether cannot show (a kind it does not know, or one lacking what its kind
// needs) fold into one quiet line too, whether or not steps are folded: they are there to be
// looked into, not read.

interface StretchBase {
  /** The first row's key: the stretch's identity while rows are added after it. */
  readonly id: string;
  /** Keys of its rows, in order. */
  readonly keys: readonly string[];
}

export type Stretch =
  /** Finished steps of the agent's; what they did is put in words when drawn, in the language spoken then. */
  | (StretchBase & { readonly kind: 'work'; readonly tally: StretchTally })
  /** Events Tether cannot show. */
  | (StretchBase & { readonly kind: 'unshown' });

/**
 * Where stretches are read from: the rows' keys and each turn's calls, which the projection gives
 * without building the rows (only the rows on screen are built).
 */
export interface StretchSource {
  readonly rowOrder: readonly string[];
  /** The calls of the turn at an index, the same array until the turn changes; undefined for other rows. */
  turnCallsAt(index: number): readonly ToolCall[] | undefined;
  /** Whether the row at an index is an event Tether cannot show. */
  unknownAt(index: number): boolean;
}

/** A turn of the agent's: its row's key and its calls. */
interface Turn {
  readonly key: string;
  readonly calls: readonly ToolCall[];
}

/** A turn's calls stay the same array until an event changes them: each is judged once. */
const judged = new WeakMap<readonly ToolCall[], boolean>();

/**
 * Whether a turn only holds calls that finished cleanly (and no answer the reader must see).
 * Only a call with an observation is done, so whether a run goes does not matter here.
 */
function foldable(calls: readonly ToolCall[]): boolean {
  let verdict = judged.get(calls);
  if (verdict === undefined) {
    verdict = calls.every((call) => {
      const tool = actionOf(call)?.tool;
      if (tool === 'finish' || tool === 'child-conversation' || tool === 'sub-agent') return false;
      if (callState(call, false) !== 'done') return false;
      return !call.outcomes.some(
        (outcome) => outcome.kind === 'ObservationEvent' && nonZeroExit(outcome.observation),
      );
    });
    judged.set(calls, verdict);
  }
  return verdict;
}

function nonZeroExit(observation: unknown): boolean {
  const told = readObservation(observation);
  return (told.tool === 'terminal' || told.tool === 'other') && (told.exitCode ?? 0) !== 0;
}

export type StretchTally = Record<
  'ran' | 'edited' | 'created' | 'viewed' | 'tasks' | 'browsed' | 'thought' | 'other',
  number
>;

function tally(call: ToolCall, counts: StretchTally, edited: Set<string>): void {
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
  else if (action?.tool === 'browser') counts.browsed++;
  else if (action?.tool === 'think') counts.thought++;
  else counts.other++;
}

const TALLY_WORDS: [keyof StretchTally, MessageId][] = [
  ['ran', 'stretch.ran'],
  ['edited', 'stretch.edited'],
  ['created', 'stretch.created'],
  ['viewed', 'stretch.viewed'],
  ['tasks', 'stretch.tasks'],
  ['browsed', 'stretch.browsed'],
  ['thought', 'stretch.thought'],
  ['other', 'stretch.other'],
];

/** What the agent did in these calls, counted by kind. */
export function tallyOf(calls: readonly ToolCall[]): StretchTally {
  const counts: StretchTally = {
    ran: 0,
    edited: 0,
    created: 0,
    viewed: 0,
    tasks: 0,
    browsed: 0,
    thought: 0,
    other: 0,
  };
  const edited = new Set<string>();
  for (const call of calls) tally(call, counts, edited);
  return counts;
}

/** The stretch in a line, in the language spoken: what the agent did, most telling first. */
export function stretchSummary(counts: StretchTally): string {
  const text = TALLY_WORDS.filter(([kind]) => counts[kind] > 0)
    .map(([kind, id]) => t(id, { count: counts[kind] }))
    .join(' · ');
  return text.charAt(0).toLocaleUpperCase(i18n.locale) + text.slice(1);
}

/** The stretch last made from the run that starts with this turn, and the turns it was made of. */
const made = new WeakMap<readonly ToolCall[], { turns: readonly Turn[]; stretch: Stretch }>();

/**
 * The stretch of these turns: the one made before when they are the same turns, so a new event
 * remakes only the stretch it changed (during a run, the newest) and the others keep their
 * identity.
 */
function stretchOf(run: readonly Turn[]): Stretch {
  const before = made.get(run[0]!.calls);
  if (
    before &&
    before.turns.length === run.length &&
    before.turns.every((turn, i) => turn.key === run[i]!.key && turn.calls === run[i]!.calls)
  ) {
    return before.stretch;
  }
  const stretch: Stretch = {
    kind: 'work',
    id: run[0]!.key,
    keys: run.map((row) => row.key),
    tally: tallyOf(run.flatMap((row) => row.calls)),
  };
  made.set(run[0]!.calls, { turns: run, stretch });
  return stretch;
}

/** The unshown stretches last made from a source, by id, so an unchanged one keeps its identity. */
const unshownMade = new WeakMap<StretchSource, Map<string, Stretch>>();

function unshownOf(keys: readonly string[], before: Map<string, Stretch>): Stretch {
  const made = before.get(keys[0]!);
  if (made && made.keys.length === keys.length && made.keys.every((key, i) => key === keys[i])) return made;
  return { kind: 'unshown', id: keys[0]!, keys };
}

/**
 * The stretches among the rows, by the key of each row in one: finished work when `work` is on
 * (folding steps), and events Tether cannot show always. Cheap (one pass, no text, no row built,
 * each turn judged once, each unchanged stretch reused): it runs on every change of the rows.
 */
export function workStretches(source: StretchSource, work = true): Map<string, Stretch> {
  const byKey = new Map<string, Stretch>();
  const before = unshownMade.get(source) ?? new Map<string, Stretch>();
  const unshownNow = new Map<string, Stretch>();
  let run: Turn[] = [];
  let unshown: string[] = [];
  const close = () => {
    if (run.length > 0) {
      const stretch = stretchOf(run);
      for (const key of stretch.keys) byKey.set(key, stretch);
    }
    run = [];
  };
  const closeUnshown = () => {
    if (unshown.length > 0) {
      const stretch = unshownOf(unshown, before);
      unshownNow.set(stretch.id, stretch);
      for (const key of stretch.keys) byKey.set(key, stretch);
    }
    unshown = [];
  };
  const keys = source.rowOrder;
  for (let index = 0; index < keys.length; index++) {
    if (source.unknownAt(index)) {
      close();
      unshown.push(keys[index]!);
      continue;
    }
    closeUnshown();
    const calls = work ? source.turnCallsAt(index) : undefined;
    if (calls && foldable(calls)) run.push({ key: keys[index]!, calls });
    else close();
  }
  close();
  closeUnshown();
  unshownMade.set(source, unshownNow);
  return byKey;
}
