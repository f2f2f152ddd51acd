import type { ToolCall } from '../toolCalls';

// Tool calls as the projection holds them, for tests of rules that read a turn's calls.

let clock = 0;
/** A timestamp later than every one given before. */
export const at = () => `2026-11-29T10:00:${String(clock++).padStart(2, '0')}Z`;

/** One file-editor call and its result. */
export function edit(
  id: string,
  path: string,
  result: { command?: string; old?: string | null; new?: string; existed?: boolean; error?: boolean },
): ToolCall {
  const timestamp = at();
  return {
    toolCallId: id,
    action: {
      kind: 'ActionEvent',
      id: `a-${id}`,
      source: 'agent',
      timestamp,
      tool_name: 'file_editor',
      tool_call_id: id,
      llm_response_id: `r-${id}`,
      action: { kind: 'FileEditorAction', command: result.command ?? 'str_replace', path },
    },
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
    action: {
      kind: 'ActionEvent',
      id: `a-${id}`,
      source: 'agent',
      timestamp: at(),
      tool_name: 'terminal',
      tool_call_id: id,
      action: { kind: 'TerminalAction', command: 'make' },
    },
    outcomes: [],
  } as unknown as ToolCall;
}
