import { t } from '../../i18n/i18n';
import { formatNumber } from '../../i18n/format';
import 'virtual:tether-english/find';
import { markerWords } from '../markerWords';
import { contentText } from '../../agent-server/protocol';
import type { Row } from '../projection';
import type { ToolCall } from '../toolCalls';
import { actionOf, outcomeView } from '../toolCallView';

// Find in the conversation: the text a person can read in each row — messages, thinking,
// commands, tool output (all of it, folded or not), errors — searched without case. Pure; each
// row's text is made once (rows are immutable objects, replaced when an event touches them).

/** Where in a row a match is: its visible text, its folded thinking, or a tool output. */
export type Segment =
  { where: 'text' | 'thinking'; text: string } | { where: 'output'; eventId: string; text: string };

export interface FindMatch {
  rowIndex: number;
  rowKey: string;
  segment: Segment;
  /** Offset of the match in the segment's text. */
  offset: number;
}

export interface RowSource {
  readonly rowOrder: readonly string[];
  rowAt(index: number): Row | undefined;
}

/** More than anyone steps through; the count says "1,000+". */
export const MATCH_LIMIT = 1000;

const segmentsCache = new WeakMap<Row, { segments: Segment[]; lower: string[] }>();

function callSegments(call: ToolCall): Segment[] {
  const segments: Segment[] = [];
  const action = actionOf(call);
  if (action) {
    if (action.tool === 'finish') return [{ where: 'text', text: action.message }];
    if (action.tool === 'think') return [{ where: 'thinking', text: action.thought }];
    const said =
      action.tool === 'terminal' || action.tool === 'task-tracker'
        ? [action.command]
        : action.tool === 'file-edit'
          ? [action.command, action.path]
          : [];
    const headline = [call.action?.summary, ...said].filter((v) => typeof v === 'string');
    segments.push({ where: 'text', text: headline.join('\n') });
  }
  for (const outcome of call.outcomes) {
    const view = outcomeView(outcome);
    if (view.path) segments.push({ where: 'text', text: view.path });
    // The output alone, so an offset in it says whether the match is in the folded part.
    const text = view.tasks ? view.tasks.map((task) => task.title).join('\n') : view.text;
    segments.push({ where: 'output', eventId: outcome.id, text });
  }
  return segments;
}

export function rowSegments(row: Row): Segment[] {
  switch (row.type) {
    case 'message': {
      const message = row.event.llm_message;
      return [
        ...(message.reasoning_content
          ? [{ where: 'thinking' as const, text: message.reasoning_content }]
          : []),
        { where: 'text', text: contentText(message.content) },
      ];
    }
    case 'turn':
      return [
        ...(row.reasoning ? [{ where: 'thinking' as const, text: row.reasoning }] : []),
        ...(row.thought ? [{ where: 'text' as const, text: row.thought }] : []),
        ...row.calls.flatMap(callSegments),
      ];
    case 'orphan-outcome':
      return callSegments(row.call);
    case 'conversation-error':
      return [{ where: 'text', text: [row.event.detail, row.event.code].filter(Boolean).join('\n') }];
    case 'marker':
    case 'model':
    case 'compaction':
      return [{ where: 'text', text: markerWords(row) }];
    case 'unknown':
      return [];
  }
}

function cached(row: Row) {
  let entry = segmentsCache.get(row);
  if (!entry) {
    const segments = rowSegments(row);
    entry = { segments, lower: segments.map((segment) => segment.text.toLowerCase()) };
    segmentsCache.set(row, entry);
  }
  return entry;
}

/**
 * Makes the searchable text of rows [from, to) ahead of the first keystroke; returns where it
 * stopped. Done in slices when the find bar opens, so no keystroke pays for all rows at once.
 */
export function prepareRows(rows: RowSource, from: number, to: number): number {
  const end = Math.min(to, rows.rowOrder.length);
  for (let index = from; index < end; index++) {
    const row = rows.rowAt(index);
    if (row) cached(row);
  }
  return end;
}

/** Every match of `query` (without case), oldest row first, at most MATCH_LIMIT. */
export function findInRows(rows: RowSource, query: string): FindMatch[] {
  const needle = query.trim().toLowerCase();
  const matches: FindMatch[] = [];
  if (!needle) return matches;
  const count = rows.rowOrder.length;
  for (let rowIndex = 0; rowIndex < count; rowIndex++) {
    const row = rows.rowAt(rowIndex);
    if (!row) continue;
    const { segments, lower } = cached(row);
    for (let s = 0; s < segments.length; s++) {
      const text = lower[s]!;
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
        matches.push({ rowIndex, rowKey: row.key, segment: segments[s]!, offset: at });
        if (matches.length >= MATCH_LIMIT) return matches;
      }
    }
  }
  return matches;
}

/** "3 of 17", "No matches", "1 of 1,000+". */
export function matchCountWords(current: number, total: number): string {
  if (total === 0) return t('find.none');
  const place = formatNumber(current + 1);
  if (total >= MATCH_LIMIT) return t('find.placeOfMore', { place, total: formatNumber(MATCH_LIMIT) });
  return t('find.placeOf', { place, total: formatNumber(total) });
}

/** A match as the person last had it: the same one stays current while rows come and go. */
export interface ChosenMatch {
  query: string;
  rowKey: string;
  where: Segment['where'];
  offset: number;
}

export const chosenFrom = (query: string, match: FindMatch): ChosenMatch => ({
  query,
  rowKey: match.rowKey,
  where: match.segment.where,
  offset: match.offset,
});

/**
 * Which match is current. The one the person had, found again by its row and place (older rows
 * put above shift every index, and index 0 would then be a new, older match at the very top,
 * whose jump loads the next older page, and so on through the whole history). For a new query,
 * the first match at or below the top of the view, else the last one above it: where the reader
 * is, not the start of the conversation.
 */
export function currentMatchIndex(
  matches: readonly FindMatch[],
  chosen: ChosenMatch | null,
  query: string,
  topRowInView: () => number | undefined,
): number {
  if (matches.length === 0) return 0;
  if (chosen && chosen.query === query) {
    const same = matches.findIndex(
      (match) =>
        match.rowKey === chosen.rowKey &&
        match.segment.where === chosen.where &&
        match.offset === chosen.offset,
    );
    if (same >= 0) return same;
  }
  const top = topRowInView();
  if (top === undefined) return matches.length - 1;
  const below = matches.findIndex((match) => match.rowIndex >= top);
  return below >= 0 ? below : matches.length - 1;
}

/**
 * After older rows came in above the row that was first (`firstKey`): the match nearest to it
 * among them, the newest of the new ones.
 */
export function newestMatchAbove(
  matches: readonly FindMatch[],
  rowOrder: readonly string[],
  firstKey: string | undefined,
): FindMatch | undefined {
  const boundary = firstKey === undefined ? rowOrder.length : rowOrder.indexOf(firstKey);
  return matches.findLast((match) => match.rowIndex < (boundary < 0 ? rowOrder.length : boundary));
}
