import { useCallback, useMemo, useState } from 'react';
import type { DiffLine, DiffRow } from '../../conversation/workspace/diffModel';
import { sameHunk } from '../../conversation/review/reviewComments';

// The lines of a diff chosen for a comment: a click chooses one, Shift and a click every line
// from the one chosen before, within its hunk (a comment is on lines that stood together).

export interface LineChoice {
  /** Row indexes of the first and last line chosen, in the diff's unified rows. */
  chosen: { from: number; to: number } | undefined;
  isChosen(line: DiffLine): boolean;
  choose(line: DiffLine, extend: boolean): void;
  clear(): void;
}

export function useLineChoice(rows: readonly DiffRow[], enabled: boolean): LineChoice | undefined {
  const [range, setRange] = useState<{ anchor: number; focus: number; rows: readonly DiffRow[] }>();
  // Lines are found by the objects the rows hold: the split layout draws the same ones.
  const indexes = useMemo(() => new Map<DiffRow, number>(rows.map((row, index) => [row, index])), [rows]);
  // A new diff (the file changed on the server) drops a choice made on the old one.
  const current = range && range.rows === rows ? range : undefined;
  const from = current && Math.min(current.anchor, current.focus);
  const to = current && Math.max(current.anchor, current.focus);
  const choose = useCallback(
    (line: DiffLine, extend: boolean) => {
      const index = indexes.get(line);
      if (index === undefined) return;
      setRange((before) => {
        const held = before && before.rows === rows ? before : undefined;
        if (extend && held && sameHunk(rows, held.anchor, index)) return { ...held, focus: index };
        if (!extend && held && held.anchor === index && held.focus === index) return undefined;
        return { anchor: index, focus: index, rows };
      });
    },
    [indexes, rows],
  );
  const clear = useCallback(() => setRange(undefined), []);
  // One object while nothing changes: the diff's rows are memoised on it.
  return useMemo(() => {
    if (!enabled) return undefined;
    const chosen = from === undefined || to === undefined ? undefined : { from, to };
    return {
      chosen,
      isChosen: (line: DiffLine) => {
        const index = indexes.get(line);
        return chosen !== undefined && index !== undefined && index >= chosen.from && index <= chosen.to;
      },
      choose,
      clear,
    };
  }, [enabled, from, to, indexes, choose, clear]);
}
