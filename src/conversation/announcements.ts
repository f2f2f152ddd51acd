import {
  contentText,
  isRecord,
  type ActionEvent,
  type ExecutionStatus,
  type ServerEvent,
} from '../agent-server/protocol';
import { clipped } from './clipped';
import { readAction } from '../agent-server/toolActions';
import { t } from '../i18n/i18n';
import 'virtual:tether-english/announce';

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

const clip = (text: string, limit: number) => clipped(spoken(text).replace(/\s+/g, ' '), limit);

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a tool call does, in a few words: its summary, its command or the file it edits. */
function actionPhrase(event: ActionEvent): string {
  const action = readAction(event.action);
  const summary = str(event.summary);
  if (summary && !summary.startsWith(`${String(event.tool_name)}: {`))
    return t('announce.summary', { summary: capitalise(clip(summary, 80)) });
  if (action?.tool === 'terminal' && action.command)
    return t('announce.running', { command: clip(action.command, 80) });
  if (action?.tool === 'file-edit' && action.path) {
    const { command } = action;
    const name = action.path.split('/').at(-1);
    return t(
      command === 'view'
        ? 'announce.reading'
        : command === 'create'
          ? 'announce.creating'
          : 'announce.editing',
      {
        name,
      },
    );
  }
  return event.tool_name ? t('announce.using', { tool: String(event.tool_name) }) : t('announce.usingTool');
}

/** The sentence for a persisted event that just arrived live, if it is worth one. */
export function announceEvent(event: ServerEvent): string | undefined {
  // The gate checked only the id, the kind and the timestamp: each field is read as it may have
  // come, never as its type promises.
  switch (event.kind) {
    case 'ActionEvent':
      if (event.source !== 'agent' || event.tool_name === 'finish' || event.tool_name === 'think')
        return undefined;
      return actionPhrase(event);
    case 'ObservationEvent': {
      const observed: unknown = event.observation;
      const observation = isRecord(observed) ? observed : {};
      const tool = typeof event.tool_name === 'string' ? event.tool_name : undefined;
      if (tool === 'finish' || tool === 'think') return undefined;
      const exit = typeof observation.exit_code === 'number' ? observation.exit_code : undefined;
      if (observation.is_error === true || (exit !== undefined && exit !== 0)) {
        if (exit !== undefined)
          return tool
            ? t('announce.failedExit', { tool, code: exit })
            : t('announce.toolFailedExit', { code: exit });
        return tool ? t('announce.failed', { tool }) : t('announce.toolFailed');
      }
      return tool ? t('announce.finished', { tool }) : t('announce.toolFinished');
    }
    case 'UserRejectObservation':
      return t('announce.rejected');
    case 'AgentErrorEvent':
      return t('announce.agentError', { error: clip(String(event.error ?? ''), 120) });
    case 'ConversationErrorEvent':
      return t('announce.conversationError', {
        error: clip(String(event.detail ?? event.code ?? t('announce.stoppedDetail')), 150),
      });
    case 'MessageEvent': {
      if (event.source !== 'agent') return undefined;
      const sent: unknown = event.llm_message;
      const text = contentText(isRecord(sent) ? sent.content : undefined);
      return text ? t('announce.replied', { text: clip(text, REPLY_PREVIEW_CHARS) }) : undefined;
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
      return previous === 'waiting_for_confirmation' ? undefined : t('announce.started');
    case 'waiting_for_confirmation':
      return t('announce.waiting');
    case 'paused':
      return t('announce.paused');
    case 'error':
      return t('announce.error');
    case 'stuck':
      return t('announce.stuck');
    default:
      return undefined;
  }
}
