import { eventAt, type RowReader } from '../rowReader';

// What a run's limits read from the rows, from the newest back: the steps of the current run and
// the newest stop. Only the run's own rows are read (the scan ends where the run began), and no
// row is built for it.

const STOP_KINDS = new Set(['InterruptEvent', 'PauseEvent']);

/**
 * The agent's model calls since the person's last message, the last stop or the last failure:
 * each turn of tool calls is one, and each answer. What a run's step limit counts. (The server
 * counts its own iterations per run; a message sent while the agent works starts the count anew
 * here, where the server's goes on: Tether's limit is then the kinder of the two.)
 */
export function stepsSinceRunBegan(rows: RowReader): number {
  let steps = 0;
  for (let index = rows.rowOrder.length - 1; index >= 0; index--) {
    if (rows.turnCallsAt(index)) {
      steps++;
      continue;
    }
    const event = eventAt(rows, index);
    if (!event) continue;
    // Where a run begins, read back from the newest: the person's message, a stop, a failure.
    if (event.kind === 'MessageEvent' && event.source === 'user') break;
    if (STOP_KINDS.has(event.kind) || event.kind === 'ConversationErrorEvent') break;
    if (event.kind === 'MessageEvent' && event.source === 'agent') steps++;
  }
  return steps;
}

/** How far back the newest stop is looked for: a stop is among the newest rows when it is news. */
const STOP_LOOKBACK = 200;

/** The newest InterruptEvent or PauseEvent among the newest rows, if any. */
export function newestStopEventId(rows: RowReader): string | undefined {
  const end = rows.rowOrder.length;
  for (let index = end - 1; index >= Math.max(0, end - STOP_LOOKBACK); index--) {
    const event = eventAt(rows, index);
    if (event && STOP_KINDS.has(event.kind)) return rows.rowOrder[index];
  }
  return undefined;
}
