import type { ConversationProjection, Row } from '../projection';
import type { ToolCall } from '../toolCalls';

// Which row shows an event: a message is its own row, an action or outcome is in its turn (or in
// a row of its own when its action is not held). Read from the newest row back, since what is
// searched for is most often recent; only the rows passed over are built.

const callHolds = (call: ToolCall, eventId: string) =>
  call.action?.id === eventId || call.outcomes.some((outcome) => outcome.id === eventId);

function rowHolds(row: Row, eventId: string): boolean {
  if (row.eventId === eventId) return true;
  if (row.type === 'turn') return row.calls.some((call) => callHolds(call, eventId));
  if (row.type === 'orphan-outcome') return callHolds(row.call, eventId);
  return false;
}

export function rowIndexOfEvent(projection: ConversationProjection, eventId: string): number | undefined {
  for (let index = projection.rowOrder.length - 1; index >= 0; index--) {
    const row = projection.rowAt(index);
    if (row && rowHolds(row, eventId)) return index;
  }
  return undefined;
}
