import { asSent, unknownWords } from '../unknownWords';
import { markerWords } from '../markerWords';
import { asServerEvent, contentImages, contentText, type ServerEvent } from '../../agent-server/protocol';
import { failureHeadline, userActionWords } from '../errorWords';
import { t } from '../../i18n/i18n';
import 'virtual:tether-english/export';
import { EventTree } from '../branches/eventTree';
import { projectEvents, type Row } from '../projection';
import { callState, type ToolCall } from '../toolCalls';
import { actionOf, callHeadline, outcomeView, stateLabel, toolName } from '../toolCallView';
import type { ToolAction } from '../../agent-server/toolActions';

// A conversation as a Markdown document someone can read without Tether: every row the screen
// shows, in order — messages, thinking, each tool call with its command, results and state,
// errors and stops. Pure: the same events always give the same text.

export interface TranscriptHeading {
  title: string;
  conversationId: string;
  exportedAt: Date;
  /** HEAD as the screen shows it: only its branch is written (undefined: the log as one line). */
  head?: string | null;
}

/** The events of the branch HEAD ends, and every event that is no tree node. */
export function activeBranch(events: readonly ServerEvent[], head: string | null | undefined): ServerEvent[] {
  if (head === undefined) return [...events];
  const tree = new EventTree();
  tree.add(events);
  tree.pin(head);
  const branch = tree.branch(tree.head);
  return events.filter((event) => tree.onBranch(event, branch));
}

/** A fence longer than any run of backticks in the text, so no content can close it. */
export function fenced(text: string, language = ''): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}

/** "2026-11-20 14:03 UTC": the same for every reader, wherever they are. */
export function utcTime(timestamp: string): string {
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/.test(timestamp);
  const date = new Date(hasZone ? timestamp : `${timestamp}Z`);
  if (Number.isNaN(date.getTime())) return timestamp;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');

const thinking = (text: string) => quoted(`**${t('export.md.thinking')}**\n\n${text.trim()}`);

export function transcriptMarkdown(heading: TranscriptHeading, rawEvents: readonly unknown[]): string {
  const events = rawEvents.map(asServerEvent).filter((event): event is ServerEvent => event !== null);
  const rows = projectEvents(activeBranch(events, heading.head)).rows;
  const parts = [
    `# ${heading.title.replace(/\n/g, ' ')}`,
    t('export.md.summary', {
      id: `\`${heading.conversationId}\``,
      count: rawEvents.length,
      time: utcTime(heading.exportedAt.toISOString()),
    }),
  ];
  const times: Times = new Map(events.map((event) => [event.id, event.timestamp]));
  for (const row of rows) parts.push(rowMarkdown(row, times));
  return `${parts.filter((part) => part !== '').join('\n\n')}\n`;
}

type Times = ReadonlyMap<string, string>;

function timeOf(row: Row, times: Times): string {
  const timestamp = times.get(row.eventId);
  return timestamp ? ` · ${utcTime(timestamp)}` : '';
}

function rowMarkdown(row: Row, times: Times): string {
  switch (row.type) {
    case 'message': {
      const message = row.event.llm_message;
      const author = row.event.source === 'user' ? t('export.md.you') : t('export.md.agent');
      const images = contentImages(message.content).length;
      return [
        `## ${author}${timeOf(row, times)}`,
        message.reasoning_content ? thinking(message.reasoning_content) : '',
        contentText(message.content).trim(),
        images ? `_${t('export.md.images', { count: images })}_` : '',
      ]
        .filter(Boolean)
        .join('\n\n');
    }
    case 'turn':
      return [
        `## ${t('export.md.agent')}${timeOf(row, times)}`,
        row.reasoning ? thinking(row.reasoning) : '',
        row.thought.trim(),
        ...row.calls.map(callMarkdown),
      ]
        .filter(Boolean)
        .join('\n\n');
    case 'orphan-outcome':
      return callMarkdown(row.call);
    case 'conversation-error': {
      const { detail, code, classification } = row.event;
      const action = classification?.user_action;
      return quoted(
        [
          `**${failureHeadline(classification?.kind)}**`,
          detail || code || t('failure.noDetail'),
          action && action !== 'none' ? userActionWords(action) : undefined,
        ]
          .filter(Boolean)
          .join('\n\n'),
      );
    }
    case 'marker':
    case 'model':
      return `_${markerWords(row)}${timeOf(row, times)}_`;
    case 'compaction':
      return [
        `_${markerWords(row)}${timeOf(row, times)}_`,
        row.event.summary ? quoted(row.event.summary) : '',
      ]
        .filter(Boolean)
        .join('\n\n');
    case 'unknown':
      return `_${unknownWords(row)}_\n\n${fenced(JSON.stringify(asSent(row.event), null, 2), 'json')}`;
  }
}

function callMarkdown(call: ToolCall): string {
  const action = actionOf(call);
  if (action?.tool === 'finish') return action.message.trim();
  if (action?.tool === 'think') return thinking(action.thought);
  // Written after the run: whatever is still open was cut off, as the screen says once idle.
  const state = callState(call, false);
  const parts = [
    `### ${toolName(call)}: ${callHeadline(call).replace(/\n/g, ' ')} — ${stateLabel(call, state)}`,
  ];
  if (action?.tool === 'terminal') parts.push(fenced(`$ ${action.command}`, 'sh'));
  else if (action?.tool === 'file-edit') parts.push(editMarkdown(action));
  else if (call.action && !action && call.action.tool_call?.arguments)
    parts.push(fenced(String(call.action.tool_call.arguments), 'json'));
  call.outcomes.forEach((outcome, index) => {
    const view = outcomeView(outcome);
    const numbered = call.outcomes.length > 1 ? `${t('export.md.result', { number: index + 1 })} ` : '';
    parts.push(`**${numbered}${view.label}**${view.path ? ` \`${view.path}\`` : ''}`);
    if (view.tasks) {
      parts.push(
        view.tasks
          .map(
            (task) =>
              `- [${task.status === 'done' ? 'x' : ' '}] ${task.title}${task.notes ? ` — ${task.notes}` : ''}`,
          )
          .join('\n'),
      );
    } else if (view.text.trim()) {
      parts.push(fenced(view.text));
    }
  });
  return parts.join('\n\n');
}

/** An edit as the action asked for it: old and new text as a diff, or the new file's text. */
function editMarkdown(action: Extract<ToolAction, { tool: 'file-edit' }>): string {
  const lines = (text: string | undefined, mark: string) =>
    text
      ? text
          .replace(/\n$/, '')
          .split('\n')
          .map((line) => `${mark}${line}`)
      : [];
  switch (action.command) {
    case 'str_replace':
      return fenced([...lines(action.oldStr, '-'), ...lines(action.newStr, '+')].join('\n'), 'diff');
    case 'create':
      return fenced(lines(action.fileText, '+').join('\n'), 'diff');
    case 'insert':
      return `${t('export.md.insertAfter', { line: String(action.insertLine ?? '?') })}\n\n${fenced(lines(action.newStr, '+').join('\n'), 'diff')}`;
    default:
      return '';
  }
}
