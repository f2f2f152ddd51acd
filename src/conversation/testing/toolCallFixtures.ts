import type { ToolCall } from '../toolCalls';

// Tool calls as the projection holds them, for tests of rules that read a turn's calls.

let clock = 0;
/** A timestamp later than every one given before. */
export const at = () => `2026-11-29T10:00:${String(clock++).padStart(2, '0')}Z`;

/** A call's action event, as the agent persists it. */
const actionEvent = (id: string, timestamp: string, tool: string, action: object, extra: object = {}) => ({
  kind: 'ActionEvent',
  id: `a-${id}`,
  source: 'agent',
  timestamp,
  tool_name: tool,
  tool_call_id: id,
  ...extra,
  action,
});

/** One file-editor call and its result. */
export function edit(
  id: string,
  path: string,
  result: { command?: string; old?: string | null; new?: string; existed?: boolean; error?: boolean },
): ToolCall {
  const timestamp = at();
  return {
    toolCallId: id,
    action: actionEvent(
      id,
      timestamp,
      'file_editor',
      { kind: 'FileEditorAction', command: result.command ?? 'str_replace', path },
      { llm_response_id: `r-${id}` },
    ),
    outcomes: [
      {
        kind: 'ObservationEvent',
        id: `o-${id}`,
        source: 'environment',
        timestamp,
        tool_call_id: id,
        action_id: `a-${id}`,
        observation: {
          kind: 'FileEditorObservation',
          command: result.command ?? 'str_replace',
          path,
          old_content: result.old ?? null,
          new_content: result.new ?? null,
          prev_exist: result.existed ?? true,
          is_error: result.error ?? false,
        },
      },
    ],
  } as unknown as ToolCall;
}

/** One terminal call, not answered yet. */
export function command(id: string): ToolCall {
  return {
    toolCallId: id,
    action: actionEvent(id, at(), 'terminal', { kind: 'TerminalAction', command: 'make' }),
    outcomes: [],
  } as unknown as ToolCall;
}
