import type { ServerEvent } from '../agent-server/protocol';
import type { ConversationEventLog } from './eventLog';
import type { ToolCall } from './toolCalls';

// The rows of the active branch read without building any: a row is built only when drawn
// (ConversationProjection.rowAt), and rules that read back through a turn or a run (what it
// changed, its steps, its plan) must not build the rows off screen. An event row's key is its
// event's id; a turn's calls come from the projection as they are.

export interface RowReader {
  readonly rowOrder: readonly string[];
  /** The calls of the turn at `index`; undefined for any other row. */
  turnCallsAt(index: number): readonly ToolCall[] | undefined;
  /** The event of an event row, by its key. */
  eventOf(key: string): ServerEvent | undefined;
}

/** The reader of a log's active branch, as it is at each read (HEAD may move between reads). */
export const rowReaderOf = (log: ConversationEventLog): RowReader => ({
  get rowOrder() {
    return log.projection.rowOrder;
  },
  turnCallsAt: (index) => log.projection.turnCallsAt(index),
  eventOf: (key) => log.tree.get(key),
});

/** The kind of the event row at `index`, and its source where it has one. */
export function eventAt(rows: RowReader, index: number): { kind: string; source: unknown } | undefined {
  const event = rows.eventOf(rows.rowOrder[index]!);
  return event && { kind: event.kind, source: event.source };
}
