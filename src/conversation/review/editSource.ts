import { readObservation } from '../../agent-server/toolActions';
import type { RowReader } from '../rowReader';

// The event that made a file as the workspace shows it: the newest file-editor result that
// changed it, read from the newest turns back (their calls only, building no row). A comment on
// the workspace's diff is tied to it; a file only a command wrote has none.

export function newestEditOf(rows: RowReader, path: string): string | undefined {
  for (let index = rows.rowOrder.length - 1; index >= 0; index--) {
    const calls = rows.turnCallsAt(index) ?? [];
    for (let at = calls.length - 1; at >= 0; at--) {
      const outcomes = calls[at]!.outcomes;
      for (let o = outcomes.length - 1; o >= 0; o--) {
        const outcome = outcomes[o]!;
        if (outcome.kind !== 'ObservationEvent') continue;
        const observation = readObservation(outcome.observation);
        if (observation.tool !== 'file-edit' || observation.isError || observation.command === 'view')
          continue;
        if (observation.path === path) return outcome.id;
      }
    }
  }
  return undefined;
}
