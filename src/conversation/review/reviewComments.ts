import { diffLines } from 'diff';
import type { DiffLine, DiffRow } from '../workspace/diffModel';

// A review comment: a person's words on one or more lines of a diff, tied to the file's text as
// the diff showed it and to the event that made it. Pure: where a comment stands against the
// file's text now (its lines followed through every change since), and the message that sends
// comments to the agent.

/** A line as the diff showed it when the comment was written. */
export interface CommentedLine {
  kind: DiffLine['kind'];
  text: string;
  oldNumber?: number;
  newNumber?: number;
}

/**
 * Where a comment is on its way to the agent:
 * - `draft`: in the tray, not sent;
 * - `sending`: handed to the conversation as part of `text`, whose echo among the server's events
 *   is not seen yet (a reload or a lost connection leaves it so, and the tray says so);
 * - `sent`: the server holds the message `eventId`.
 * `round` counts the sendings: an open comment can go again.
 */
export type ReviewDelivery =
  | { kind: 'draft' }
  | { kind: 'sending'; text: string; at: number; round: number }
  | { kind: 'sent'; eventId: string; at: number; round: number };

export interface ReviewComment {
  id: string;
  /** The file as the server's routes name it (absolute). */
  path: string;
  /** The file as people and the agent read it: relative to the conversation's folder. */
  shownPath: string;
  /** The lines chosen, in the diff's order. */
  lines: CommentedLine[];
  /**
   * The file's whole text on the diff's new side, as it was shown: the comment's new-side
   * numbers count its lines, and what changed since is worked out from it.
   */
  shownText: string;
  /** For a comment on removed lines only: before which line of `shownText` they stood. */
  gapAt?: number;
  words: string;
  /** The event whose edit showed these lines (a file editor's result), where one is known. */
  sourceEventId?: string;
  createdAt: number;
  delivery: ReviewDelivery;
}

/** Where a comment stands against the file as it is now. */
export type Standing =
  /** Its lines are still there, now at `from`..`to` of the new text (1-based). */
  | { kind: 'open'; from: number; to: number }
  /** Its lines changed, or the file is gone. */
  | { kind: 'addressed'; gone: boolean }
  /** The file is too big a change to follow in time. */
  | { kind: 'unknown' };

/** The lines of the diff's rows between two of its row indexes, both included; hunk headers are left out. */
export function linesBetween(rows: readonly DiffRow[], from: number, to: number): CommentedLine[] {
  const [low, high] = from <= to ? [from, to] : [to, from];
  const lines: CommentedLine[] = [];
  for (let index = low; index <= high; index++) {
    const row = rows[index];
    if (!row || row.kind === 'hunk') continue;
    lines.push({ ...row });
  }
  return lines;
}

/** Whether two row indexes are in one hunk: a comment covers lines that stood together. */
export function sameHunk(rows: readonly DiffRow[], from: number, to: number): boolean {
  const [low, high] = from <= to ? [from, to] : [to, from];
  for (let index = low + 1; index <= high; index++) if (rows[index]?.kind === 'hunk') return false;
  return true;
}

/** The lines a comment holds on the new side; empty for a comment on removed lines only. */
const newSide = (comment: Pick<ReviewComment, 'lines'>) =>
  comment.lines.filter((line) => line.newNumber !== undefined);

/** The line numbers a comment names: the new side's where it has lines there, else the old side's. */
export function numbersOf(comment: Pick<ReviewComment, 'lines'>): {
  side: 'new' | 'old';
  from: number;
  to: number;
} {
  const kept = newSide(comment);
  if (kept.length > 0) return { side: 'new', from: kept[0]!.newNumber!, to: kept.at(-1)!.newNumber! };
  const old = comment.lines.map((line) => line.oldNumber ?? 0);
  return { side: 'old', from: old[0] ?? 0, to: old.at(-1) ?? 0 };
}

/**
 * Where removed lines stood, for a comment on removed lines only: before which line of the new
 * side (one past its last line at the end), from the rows around them.
 */
export function gapOf(rows: readonly DiffRow[], from: number, to: number): number {
  const [low, high] = from <= to ? [from, to] : [to, from];
  for (let index = high + 1; index < rows.length; index++) {
    const row = rows[index]!;
    if (row.kind !== 'hunk' && row.newNumber !== undefined) return row.newNumber;
  }
  for (let index = low - 1; index >= 0; index--) {
    const row = rows[index]!;
    if (row.kind !== 'hunk' && row.newNumber !== undefined) return row.newNumber + 1;
  }
  return 1;
}

/** A text's lines as the diff numbers them: a last newline ends the last line, it starts none. */
const countLines = (text: string) => (text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

const withFinalNewline = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

/** Lines of the text a comment was written on, followed into the text now. */
interface LineWalk {
  /** The line's number now, or undefined where it was removed or changed. */
  map(line: number): number | undefined;
  /** Whether lines were put in just before `line` (one past the last: at the end). */
  insertedBefore(line: number): boolean;
}

function walk(then: string, now: string, timeoutMs: number): LineWalk | undefined {
  const parts = diffLines(withFinalNewline(then), withFinalNewline(now), { timeout: timeoutMs });
  if (!parts) return undefined;
  const mapped = new Map<number, number>();
  const inserted = new Set<number>();
  let oldLine = 1;
  let newLine = 1;
  for (const part of parts) {
    const count = part.count;
    if (part.added) {
      inserted.add(oldLine);
      newLine += count;
    } else if (part.removed) {
      oldLine += count;
    } else {
      for (let offset = 0; offset < count; offset++) mapped.set(oldLine + offset, newLine + offset);
      oldLine += count;
      newLine += count;
    }
  }
  return { map: (line) => mapped.get(line), insertedBefore: (line) => inserted.has(line) };
}

/**
 * Where a comment stands against the file's text now (null: the file is not there), following
 * its lines through every change since it was written. A comment on lines of the new side is
 * open while every one of them is there unchanged with nothing put between them (moved is still
 * open: an edit above them shifts their numbers, not their meaning). A comment on removed lines
 * only is open while nothing was put where they were and the lines either side of that place
 * stand.
 */
export function standingOf(comment: ReviewComment, text: string | null, timeoutMs = 2_000): Standing {
  if (text === null) return { kind: 'addressed', gone: true };
  const lines = walk(comment.shownText, text, timeoutMs);
  if (!lines) return { kind: 'unknown' };
  const numbers = numbersOf(comment);
  if (numbers.side === 'new') {
    for (let line = numbers.from; line <= numbers.to; line++)
      if (lines.map(line) === undefined || (line > numbers.from && lines.insertedBefore(line)))
        return { kind: 'addressed', gone: false };
    return { kind: 'open', from: lines.map(numbers.from)!, to: lines.map(numbers.to)! };
  }
  const at = comment.gapAt ?? 1;
  const last = countLines(comment.shownText);
  const neighbours = [at - 1, at].filter((line) => line >= 1 && line <= last);
  if (lines.insertedBefore(at) || neighbours.some((line) => lines.map(line) === undefined))
    return { kind: 'addressed', gone: false };
  const place = at <= last ? lines.map(at)! : at > 1 ? lines.map(at - 1)! + 1 : 1;
  return { kind: 'open', from: place, to: place };
}

const SIGN = { add: '+', del: '-', same: ' ' } as const;

/** A Markdown fence longer than any run of backticks in `text`. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** The words a review message is made of, in the person's language (the caller translates). */
export interface ReviewPhrases {
  heading: (count: number) => string;
  /** Where a comment is: its file and line numbers, as they are now when known. */
  where: (comment: ReviewComment, numbers: { side: 'new' | 'old'; from: number; to: number }) => string;
}

/**
 * One message for the agent holding every comment: for each, where it is, the lines it is on as
 * a quoted diff, and the person's words. `standings` gives the numbers of open comments now, so a
 * comment sent again names the lines where they are.
 */
export function reviewMessage(
  comments: readonly ReviewComment[],
  phrases: ReviewPhrases,
  standings: ReadonlyMap<string, Standing> = new Map(),
): string {
  const parts = [phrases.heading(comments.length)];
  comments.forEach((comment, index) => {
    const standing = standings.get(comment.id);
    const numbers = standing?.kind === 'open' ? { side: 'new' as const, ...standing } : numbersOf(comment);
    const quote = comment.lines.map((line) => `${SIGN[line.kind]}${line.text}`).join('\n');
    const fence = fenceFor(quote);
    const words = comment.words
      .trim()
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    parts.push(
      `${index + 1}. ${phrases.where(comment, numbers)}\n${fence}diff\n${quote}\n${fence}\n${words}`,
    );
  });
  return parts.join('\n\n');
}
