import type { ServerEvent } from '../../agent-server/protocol';
import type { ToolCall } from '../toolCalls';
import type { RowReader } from '../rowReader';

// The newest edit the planning file editor made: which file holds the plan, and an id that
// changes with each edit (so the plan is read again). Read from the newest turns back, their
// calls only, building no row.

export interface PlanEdit {
  path: string;
  /** The edit's result event. */
  eventId: string;
}

function editOf(call: ToolCall): { path: string; event: ServerEvent; refused: boolean } | undefined {
  if (call.action?.tool_name !== 'planning_file_editor') return undefined;
  const command = (call.action.action as { command?: unknown } | undefined)?.command;
  if (command === 'view') return undefined;
  const outcome = call.outcomes.at(-1);
  if (!outcome || outcome.kind !== 'ObservationEvent') return undefined;
  const observation = outcome.observation as { path?: unknown; is_error?: unknown } | undefined;
  const asked = (call.action.action as { path?: unknown } | undefined)?.path;
  const path =
    typeof observation?.path === 'string' ? observation.path : typeof asked === 'string' ? asked : '';
  return path ? { path, event: outcome, refused: observation?.is_error === true } : undefined;
}

/** The newest successful edit of the plan, if the planning editor made one. */
export function newestPlanEdit(source: RowReader): PlanEdit | undefined {
  for (let index = source.rowOrder.length - 1; index >= 0; index--) {
    const calls = source.turnCallsAt(index) ?? [];
    for (let at = calls.length - 1; at >= 0; at--) {
      const edit = editOf(calls[at]!);
      if (edit && !edit.refused) return { path: edit.path, eventId: edit.event.id };
    }
  }
  return undefined;
}
