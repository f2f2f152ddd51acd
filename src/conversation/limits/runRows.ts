import type { Row } from '../projection';

// What a run's limits read from the rows, from the newest back: the steps of the current run and
// the newest stop. Only the run's own rows are read (the scan ends where the run began).

/** What the rows of the active branch are read through (ConversationProjection). */
export interface RowSource {
  readonly rowOrder: readonly string[];
  rowAt(index: number): Row | undefined;
}

const isStop = (row: Row): boolean => row.type === 'marker';

/** Where a run begins, read back from the newest: the person's message, a stop, or a failure. */
const beginsRun = (row: Row): boolean =>
  (row.type === 'message' && row.event.source === 'user') || isStop(row) || row.type === 'conversation-error';

/**
 * The agent's model calls since the person's last message, the last stop or the last failure:
 * each turn of tool calls is one, and each answer. What a run's step limit counts. (The server
 * counts its own iterations per run; a message sent while the agent works starts the count anew
 * here, where the server's goes on: Tether's limit is then the kinder of the two.)
 */
export function stepsSinceRunBegan(rows: RowSource): number {
  let steps = 0;
  for (let index = rows.rowOrder.length - 1; index >= 0; index--) {
    const row = rows.rowAt(index);
    if (!row) continue;
    if (beginsRun(row)) break;
    if (row.type === 'turn' || (row.type === 'message' && row.event.source === 'agent')) steps++;
  }
  return steps;
}

/** How far back the newest stop is looked for: a stop is among the newest rows when it is news. */
const STOP_LOOKBACK = 200;

/** The newest InterruptEvent or PauseEvent among the newest rows, if any. */
export function newestStopEventId(rows: RowSource): string | undefined {
  const end = rows.rowOrder.length;
  for (let index = end - 1; index >= Math.max(0, end - STOP_LOOKBACK); index--) {
    const row = rows.rowAt(index);
    if (row && isStop(row)) return row.eventId;
  }
  return undefined;
}
