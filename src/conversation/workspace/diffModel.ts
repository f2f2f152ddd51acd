import { structuredPatch } from 'diff';

// A diff between two whole texts, as rows a virtualised list can draw: hunk headers and lines
// with their numbers on each side. Pure, and heavy for big files, so the app runs it in a
// worker (diffWorker.ts); tests and small edits call it directly.

export type DiffLineKind = 'add' | 'del' | 'same';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  oldNumber?: number;
  newNumber?: number;
}

export interface HunkHeader {
  kind: 'hunk';
  header: string;
}

export type DiffRow = DiffLine | HunkHeader;

export type DiffModel =
  | { kind: 'text'; rows: DiffRow[]; added: number; removed: number }
  | { kind: 'identical' }
  | { kind: 'binary' }
  | { kind: 'too-large'; lines: number };

export interface DiffOptions {
  /** Unchanged lines shown around each change. */
  context?: number;
  /** Milliseconds the diff may take before it is given up as too large to compute. */
  timeoutMs?: number;
}

/** Git's own test for a binary blob is a NUL byte; the server decodes with errors="replace". */
export function looksBinary(text: string): boolean {
  return text.includes('\u0000') || text.includes('\uFFFD');
}

const lineCount = (text: string) => (text === '' ? 0 : text.split('\n').length);

export function computeDiff(original: string, modified: string, options: DiffOptions = {}): DiffModel {
  if (looksBinary(original) || looksBinary(modified)) return { kind: 'binary' };
  if (original === modified) return { kind: 'identical' };
  const patch = structuredPatch('a', 'b', withFinalNewline(original), withFinalNewline(modified), '', '', {
    context: options.context ?? 3,
    timeout: options.timeoutMs ?? 5_000,
  });
  if (!patch) return { kind: 'too-large', lines: Math.max(lineCount(original), lineCount(modified)) };
  const rows: DiffRow[] = [];
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    rows.push({
      kind: 'hunk',
      header: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
    });
    let oldNumber = hunk.oldStart;
    let newNumber = hunk.newStart;
    for (const line of hunk.lines) {
      const sign = line[0];
      const text = line.slice(1);
      if (sign === '+') {
        added += 1;
        rows.push({ kind: 'add', text, newNumber: newNumber++ });
      } else if (sign === '-') {
        removed += 1;
        rows.push({ kind: 'del', text, oldNumber: oldNumber++ });
      } else if (sign === ' ') {
        rows.push({ kind: 'same', text, oldNumber: oldNumber++, newNumber: newNumber++ });
      }
      // "\ No newline at end of file" cannot occur: both sides end with one.
    }
  }
  if (rows.length === 0) return { kind: 'identical' };
  return { kind: 'text', rows, added, removed };
}

// The server sends file texts without their last newline (splitlines + join); a text that has
// one keeps it. Ending both the same way keeps "no newline" markers out of every diff.
function withFinalNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

export interface SplitRow {
  kind: 'split';
  left?: DiffLine;
  right?: DiffLine;
}

/** Side by side: unchanged lines face each other, and a run of removals faces the additions after it. */
export function toSplitRows(rows: readonly DiffRow[]): (SplitRow | HunkHeader)[] {
  const out: (SplitRow | HunkHeader)[] = [];
  let index = 0;
  while (index < rows.length) {
    const row = rows[index]!;
    if (row.kind === 'hunk') {
      out.push(row);
      index += 1;
    } else if (row.kind === 'same') {
      out.push({ kind: 'split', left: row, right: row });
      index += 1;
    } else {
      const removals: DiffLine[] = [];
      const additions: DiffLine[] = [];
      while (index < rows.length && rows[index]!.kind === 'del') removals.push(rows[index++] as DiffLine);
      while (index < rows.length && rows[index]!.kind === 'add') additions.push(rows[index++] as DiffLine);
      for (let i = 0; i < Math.max(removals.length, additions.length); i++)
        out.push({ kind: 'split', left: removals[i], right: additions[i] });
    }
  }
  return out;
}

/**
 * A whole text as a diff of unchanged lines, numbered on both sides: a document read line by
 * line (a plan), so that its lines can be chosen for comments as a change's can.
 */
export function unchangedLines(text: string): DiffModel {
  const lines = text.replace(/\n$/, '').split('\n');
  if (text === '') return { kind: 'identical' };
  return {
    kind: 'text',
    rows: lines.map((line, index) => ({
      kind: 'same',
      text: line,
      oldNumber: index + 1,
      newNumber: index + 1,
    })),
    added: 0,
    removed: 0,
  };
}
