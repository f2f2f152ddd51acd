import { contentText, isRecord, type ExecutionStatus, type ServerEvent } from '../agent-server/protocol';
import { readAction } from '../agent-server/toolActions';

// What a screen reader hears while a run goes on: the moments that matter, each in a short
// sentence. Never tokens, never history, never a whole tool output. Pure, so the words are
// tested once; the live session decides what is live.

export const REPLY_PREVIEW_CHARS = 150;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** Markdown read aloud: emphasis, code marks, heading marks and link targets left out. */
function spoken(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`+)/g, '')
    .replace(/^#+\s*/gm, '');
}

function clip(text: string, limit: number): string {
  const flat = spoken(text).replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1).trimEnd()}…`;
}

/** What a tool call does, in a few words: its summary, its command or the file it edits. */
function actionPhrase(event: Record<string, unknown>): string {
  const action = readAction(event.action);
  const summary = str(event.summary);
  if (summary && !summary.startsWith(`${String(event.tool_name)}: {`)) return clip(summary, 80);
  if (action?.tool === 'terminal' && action.command) return `running ${clip(action.command, 80)}`;
  if (action?.tool === 'file-edit' && action.path) {
    const { command } = action;
    const verb = command === 'view' ? 'reading' : command === 'create' ? 'creating' : 'editing';
    return `${verb} ${action.path.split('/').at(-1)}`;
  }
  return `using ${String(event.tool_name ?? 'a tool')}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The sentence for a persisted event that just arrived live, if it is worth one. */
export function announceEvent(event: ServerEvent): string | undefined {
  const record = event as unknown as Record<string, unknown>;
  switch (event.kind) {
    case 'ActionEvent':
      if (event.source !== 'agent' || event.tool_name === 'finish' || event.tool_name === 'think')
        return undefined;
      return `${capitalise(actionPhrase(record))}.`;
    case 'ObservationEvent': {
      const observation = isRecord(record.observation) ? record.observation : {};
      const tool = String(record.tool_name ?? 'The tool');
      if (tool === 'finish' || tool === 'think') return undefined;
      const exit = typeof observation.exit_code === 'number' ? observation.exit_code : undefined;
      if (observation.is_error === true || (exit !== undefined && exit !== 0))
        return `${tool} finished with an error${exit !== undefined ? ` (exit code ${exit})` : ''}.`;
      return `${tool} finished.`;
    }
    case 'UserRejectObservation':
      return 'The action was rejected.';
    case 'AgentErrorEvent':
      return `A tool failed: ${clip(String(record.error ?? ''), 120)}`;
    case 'ConversationErrorEvent':
      return `Error: ${clip(String(record.detail ?? record.code ?? 'the conversation stopped'), 150)}`;
    case 'MessageEvent': {
      if (event.source !== 'agent') return undefined;
      const text = contentText(isRecord(record.llm_message) ? record.llm_message.content : undefined);
      return text ? `The agent replied: ${clip(text, REPLY_PREVIEW_CHARS)}` : undefined;
    }
    default:
      return undefined;
  }
}

/** The sentence for a change of execution status seen live, if it is worth one. */
export function announceStatus(
  previous: ExecutionStatus | undefined,
  next: ExecutionStatus,
): string | undefined {
  if (previous === undefined || previous === next) return undefined;
  switch (next) {
    case 'running':
      return previous === 'waiting_for_confirmation' ? undefined : 'The agent started working.';
    case 'waiting_for_confirmation':
      return 'The agent waits for your approval.';
    case 'paused':
      return 'The agent stopped.';
    case 'error':
      return 'The agent stopped with an error.';
    case 'stuck':
      return 'The agent is stuck.';
    default:
      return undefined;
  }
}
