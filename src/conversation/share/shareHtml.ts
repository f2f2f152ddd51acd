import 'virtual:tether-english/export';
import 'virtual:tether-english/share';
import { asServerEvent, contentImages, contentText, type ServerEvent } from '../../agent-server/protocol';
import type { ToolAction } from '../../agent-server/toolActions';
import { t } from '../../i18n/i18n';
import { failureHeadline, userActionWords } from '../errorWords';
import { activeBranch, utcTime } from '../export/transcript';
import { unknownWords } from '../unknownWords';
import { markerWords } from '../markerWords';
import { projectEvents, type Row } from '../projection';
import { callState, type ToolCall } from '../toolCalls';
import { actionOf, callHeadline, outcomeView, stateLabel, toolName } from '../toolCallView';

// A conversation's active branch as one HTML file anyone can open with no server and no Tether:
// messages, each tool step folded in <details>, edits as diffs, images inlined, light and dark.
// It holds no script, and its content security policy lets none run and nothing load: every
// word is escaped, every image is data already in the file. Pure: the caller redacts the events
// first (redaction.ts) and hands in the images it could inline.

export interface ShareHeading {
  title: string;
  writtenAt: Date;
  head: string | null | undefined;
  language: string;
  direction: 'ltr' | 'rtl';
  /** How many secrets were taken out, said at the top of the copy. */
  redactions: number;
  /**
   * Markdown (answers, messages, thinking) as HTML, every word escaped; without it, the text as
   * written. The transcript's own lexer lives with the components and is handed in from there.
   */
  markdown?: (text: string) => string;
}

/** What a copy will hold, for the share dialog to say before it is written. */
export interface ShareContents {
  messages: number;
  steps: number;
  images: number;
  /** Images that are addresses, not data: the dialog fetches them, or says they are left out. */
  linkedImages: string[];
}

/** Text as HTML that shows it and does nothing else. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const rowsOf = (
  rawEvents: readonly unknown[],
  head: string | null | undefined,
): { rows: readonly Row[]; events: ServerEvent[] } => {
  const events = rawEvents.map(asServerEvent).filter((event): event is ServerEvent => event !== null);
  return { rows: projectEvents(activeBranch(events, head)).rows, events };
};

function imagesOf(row: Row): string[] {
  switch (row.type) {
    case 'message':
      return contentImages(row.event.llm_message.content);
    case 'turn':
      return row.calls.flatMap(callImages);
    case 'orphan-outcome':
      return callImages(row.call);
    default:
      return [];
  }
}

function callImages(call: ToolCall): string[] {
  return call.outcomes.flatMap((outcome) =>
    outcome.kind === 'ObservationEvent' ? contentImages(outcome.observation.content) : [],
  );
}

export function shareContents(rawEvents: readonly unknown[], head: string | null | undefined): ShareContents {
  const { rows } = rowsOf(rawEvents, head);
  let messages = 0;
  let steps = 0;
  const images: string[] = [];
  for (const row of rows) {
    if (row.type === 'message') messages++;
    if (row.type === 'turn') steps += row.calls.filter((call) => !isFinish(call)).length;
    if (row.type === 'orphan-outcome') steps++;
    images.push(...imagesOf(row));
  }
  return {
    messages,
    steps,
    images: images.length,
    linkedImages: [...new Set(images.filter((url) => !url.startsWith('data:image/')))],
  };
}

const isFinish = (call: ToolCall) => actionOf(call)?.tool === 'finish';

/**
 * The file. `inlined` maps an image's address to its data (the dialog fetched it); an image
 * neither data nor inlined is named as left out, and nothing is ever loaded from an address.
 */
export function shareHtml(
  heading: ShareHeading,
  rawEvents: readonly unknown[],
  inlined: ReadonlyMap<string, string> = new Map(),
): string {
  const { rows, events } = rowsOf(rawEvents, heading.head);
  const times = new Map(events.map((event) => [event.id, event.timestamp]));
  const when = (row: Row) => {
    const timestamp = times.get(row.eventId);
    return timestamp ? ` <time>${escapeHtml(utcTime(timestamp))}</time>` : '';
  };
  const image = (url: string) => {
    const data = url.startsWith('data:image/') ? url : inlined.get(url);
    return data && /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(data)
      ? `<img src="${escapeHtml(data)}" alt="${escapeHtml(t('share.html.image'))}">`
      : `<p class="note">${escapeHtml(t('share.html.imageLeftOut'))}</p>`;
  };
  const text = heading.markdown
    ? (words: string) =>
        words.trim() ? `<div class="markdown">${heading.markdown!(words.trim())}</div>` : ''
    : plainText;
  const body = rows.map((row) => rowHtml(row, { when, image, text })).filter(Boolean);
  const summary = t('share.html.summary', {
    time: utcTime(heading.writtenAt.toISOString()),
    count: events.length,
  });
  const redacted =
    heading.redactions > 0 ? ` ${t('share.html.redacted', { count: heading.redactions })}` : '';
  return `<!doctype html>
<html lang="${escapeHtml(heading.language)}" dir="${heading.direction}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(heading.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(heading.title)}</h1>
<p class="note">${escapeHtml(summary + redacted)}</p>
</header>
<main>
${body.join('\n')}
</main>
</body>
</html>
`;
}

interface Writers {
  when: (row: Row) => string;
  image: (url: string) => string;
  text: (words: string) => string;
}

const plainText = (words: string) =>
  words.trim() ? `<div class="text">${escapeHtml(words.trim())}</div>` : '';
const thinking = (words: string, text: Writers['text']) =>
  `<details class="thinking"><summary>${escapeHtml(t('export.md.thinking'))}</summary>${text(words)}</details>`;

function rowHtml(row: Row, { when, image, text }: Writers): string {
  switch (row.type) {
    case 'message': {
      const message = row.event.llm_message;
      const user = row.event.source === 'user';
      return [
        `<article class="message ${user ? 'user' : 'agent'}">`,
        `<h2>${escapeHtml(user ? t('export.md.you') : t('export.md.agent'))}${when(row)}</h2>`,
        message.reasoning_content ? thinking(message.reasoning_content, text) : '',
        text(contentText(message.content)),
        ...contentImages(message.content).map(image),
        '</article>',
      ].join('');
    }
    case 'turn':
      return [
        `<article class="message agent">`,
        `<h2>${escapeHtml(t('export.md.agent'))}${when(row)}</h2>`,
        row.reasoning ? thinking(row.reasoning, text) : '',
        text(row.thought),
        ...row.calls.map((call) => callHtml(call, image, text)),
        '</article>',
      ].join('');
    case 'orphan-outcome':
      return `<article class="message agent">${callHtml(row.call, image, text)}</article>`;
    case 'conversation-error': {
      const { detail, code, classification } = row.event;
      const action = classification?.user_action;
      return [
        '<article class="problem">',
        `<h2>${escapeHtml(failureHeadline(classification?.kind))}${when(row)}</h2>`,
        plainText(detail || code || t('failure.noDetail')),
        action && action !== 'none' ? plainText(userActionWords(action)) : '',
        '</article>',
      ].join('');
    }
    case 'marker':
    case 'model':
      return `<p class="marker">${escapeHtml(markerWords(row))}${when(row)}</p>`;
    case 'compaction':
      return `<p class="marker">${escapeHtml(markerWords(row))}${when(row)}</p>${row.event.summary ? plainText(row.event.summary) : ''}`;
    case 'unknown':
      return `<p class="marker">${escapeHtml(unknownWords(row))}</p>`;
  }
}

function callHtml(call: ToolCall, image: Writers['image'], text: Writers['text']): string {
  const action = actionOf(call);
  if (action?.tool === 'finish') return text(action.message);
  if (action?.tool === 'think') return thinking(action.thought, text);
  // Written after the run: whatever is still open was cut off, as the screen says once idle.
  const state = callState(call, false);
  const parts = [
    `<details class="step"><summary>${escapeHtml(`${toolName(call)}: ${callHeadline(call).replace(/\n/g, ' ')}`)} <span class="state">${escapeHtml(stateLabel(call, state))}</span></summary>`,
  ];
  if (action?.tool === 'terminal') parts.push(`<pre>${escapeHtml(`$ ${action.command}`)}</pre>`);
  else if (action?.tool === 'file-edit') parts.push(editHtml(action));
  else if (call.action && !action && call.action.tool_call?.arguments)
    parts.push(`<pre>${escapeHtml(String(call.action.tool_call.arguments))}</pre>`);
  call.outcomes.forEach((outcome, index) => {
    const view = outcomeView(outcome);
    const numbered = call.outcomes.length > 1 ? `${t('export.md.result', { number: index + 1 })} ` : '';
    parts.push(
      `<p class="label">${escapeHtml(`${numbered}${view.label}`)}${view.path ? ` <code>${escapeHtml(view.path)}</code>` : ''}</p>`,
    );
    if (view.tasks)
      parts.push(
        `<ul class="tasks">${view.tasks
          .map(
            (task) =>
              `<li data-done="${task.status === 'done'}">${escapeHtml(task.title)}${task.notes ? ` — ${escapeHtml(task.notes)}` : ''}</li>`,
          )
          .join('')}</ul>`,
      );
    else if (view.text.trim()) parts.push(`<pre>${escapeHtml(view.text.replace(/\n$/, ''))}</pre>`);
    if (outcome.kind === 'ObservationEvent')
      parts.push(...contentImages(outcome.observation.content).map(image));
  });
  parts.push('</details>');
  return parts.join('');
}

/** An edit as the action asked for it: removed and added lines, or the new file's text. */
function editHtml(action: Extract<ToolAction, { tool: 'file-edit' }>): string {
  const lines = (words: string | undefined, mark: '+' | '-') =>
    words
      ? words
          .replace(/\n$/, '')
          .split('\n')
          .map(
            (line) =>
              `<span class="${mark === '+' ? 'added' : 'removed'}">${escapeHtml(`${mark}${line}`)}</span>`,
          )
      : [];
  const diff = (shown: string[]) => `<pre class="diff" dir="ltr">${shown.join('')}</pre>`;
  switch (action.command) {
    case 'str_replace':
      return diff([...lines(action.oldStr, '-'), ...lines(action.newStr, '+')]);
    case 'create':
      return diff(lines(action.fileText, '+'));
    case 'insert':
      return `<p class="label">${escapeHtml(t('export.md.insertAfter', { line: String(action.insertLine ?? '?') }))}</p>${diff(lines(action.newStr, '+'))}`;
    default:
      return '';
  }
}

// Both themes, from the reader's system; logical properties, so that right to left reads right.
const STYLE = `
:root { color-scheme: light dark; --bg: #f6f7f9; --card: #fff; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de;
  --user: #e8f0fe; --added: #dafbe1; --removed: #ffebe9; --accent: #1f6feb; }
@media (prefers-color-scheme: dark) { :root { --bg: #0d1117; --card: #161b22; --ink: #e6edf3; --muted: #9da7b3;
  --line: #30363d; --user: #1c2a44; --added: #12361f; --removed: #3d1518; --accent: #4493f8; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-inline-size: 60rem; padding: 1.5rem; background: var(--bg); color: var(--ink);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: .85rem; margin: 0 0 .4rem; }
time, .note, .marker, .state { color: var(--muted); font-weight: normal; font-size: .85rem; }
article { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; margin: .75rem 0; }
article.user { background: var(--user); margin-inline-start: 15%; }
article.problem { border-color: #cf222e; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; }
.marker { text-align: center; }
details { border: 1px solid var(--line); border-radius: 6px; margin: .5rem 0; padding: .25rem .6rem; }
summary { cursor: pointer; }
details.thinking { font-style: italic; color: var(--muted); }
pre { background: var(--bg); border-radius: 4px; padding: .5rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere;
  font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; direction: ltr; text-align: start; }
.diff .added { background: var(--added); display: block; } .diff .removed { background: var(--removed); display: block; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.label { margin: .4rem 0 .2rem; font-weight: 600; font-size: .85rem; }
.tasks li[data-done="true"] { text-decoration: line-through; color: var(--muted); }
.markdown > :first-child { margin-block-start: 0; } .markdown > :last-child { margin-block-end: 0; }
.markdown pre code { font: inherit; }
table { border-collapse: collapse; margin: .5rem 0; } th, td { border: 1px solid var(--line); padding: .2rem .5rem; }
blockquote { margin: .5rem 0; padding-inline-start: .75rem; border-inline-start: 3px solid var(--line); color: var(--muted); }
a { color: var(--accent); }
img { max-inline-size: 100%; border-radius: 4px; display: block; margin: .5rem 0; }
`;
