import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  toSplitRows,
  type DiffLine,
  type DiffModel,
  type DiffRow,
  type HunkHeader,
  type SplitRow,
} from '../../conversation/workspace/diffModel';
import { useKeyboardScrollable } from '../ScrollablePre';
import { LineCommentForm } from '../review/LineCommentForm';
import { useReviewScope, type CommentTarget } from '../review/reviewScope';
import { useLineChoice, type LineChoice } from '../review/useLineChoice';
import './diff.css';
import { t, useT } from '../../i18n/i18n';
import 'virtual:tether-english/diff';

// A diff drawn as rows: unified or side by side, line numbers, syntax colours per line. Long
// diffs are virtualised inside their own scroll box, so a 50,000-line file draws as fast as a
// ten-line one.

export type DiffLayout = 'unified' | 'split';

const ROW_PX = 20;
/** Rows whose numbers are buttons are a touch target high (WCAG 2.5.8: 24 px). */
const CHOOSABLE_ROW_PX = 24;
/** Above this many rows the diff scrolls in a box of its own and draws only what is in view. */
const VIRTUAL_FROM = 300;

type Highlight = (code: string, language: string) => string | null;
let highlight: Highlight | null = null;
let loading: Promise<void> | null = null;

/** Loads the highlighter (a lazy chunk) and tells the caller when it is in. */
function useHighlighter(language: string | undefined): Highlight | null {
  const [ready, setReady] = useState<Highlight | null>(() => highlight);
  useEffect(() => {
    if (!language) return;
    // Loaded by another diff between this one's render and this effect: take it now.
    if (highlight) {
      setReady(() => highlight);
      return;
    }
    let alive = true;
    loading ??= import('../syntax/syntaxHighlight').then((module) => {
      highlight = module.highlightCode;
    });
    void loading.then(() => alive && setReady(() => highlight));
    return () => {
      alive = false;
    };
  }, [language]);
  return language ? ready : null;
}

export function DiffView({
  diff,
  language,
  layout = 'unified',
  numbered = true,
  label,
  plain = false,
  commentOn,
  commented,
}: {
  diff: DiffModel;
  language?: string;
  layout?: DiffLayout;
  numbered?: boolean;
  label: string;
  /** A file's content rather than a change: one number column, no signs. */
  plain?: boolean;
  /** The diff takes review comments on its lines (inside a conversation). */
  commentOn?: CommentTarget;
  /** New-side line numbers that open comments are on, marked in the diff. */
  commented?: ReadonlySet<number>;
}) {
  const highlighter = useHighlighter(language);
  const t = useT();
  const scope = useReviewScope();
  const rowsOfDiff = diff.kind === 'text' ? diff.rows : NO_ROWS;
  const choice = useLineChoice(rowsOfDiff, Boolean(scope && commentOn && numbered && !plain));
  const marks = useMemo<RowMarks>(() => ({ choice, commented }), [choice, commented]);
  const { ref, focusProps } = useKeyboardScrollable<HTMLDivElement>(t('diff.scroll', { label }), diff);
  const paint = useCallback(
    (text: string) => (highlighter && language ? highlighter(text, language) : null),
    [highlighter, language],
  );
  if (diff.kind === 'binary') return <p className="diff-note">{t('diff.binary')}</p>;
  if (diff.kind === 'identical') return <p className="diff-note">{t('diff.identical')}</p>;
  if (diff.kind === 'too-large')
    return <p className="diff-note">{t('diff.tooLarge', { count: diff.lines })}</p>;
  const rows: (DiffRow | SplitRow)[] = layout === 'split' ? toSplitRows(diff.rows) : diff.rows;
  const table = (
    <div
      ref={ref}
      {...focusProps}
      className={`diff diff-${layout}${numbered ? '' : ' diff-unnumbered'}${plain ? ' diff-plain' : ''}${choice ? ' diff-choosable' : ''}`}
      role="table"
      aria-label={label}
      aria-rowcount={rows.length}
      data-added={diff.added}
      data-removed={diff.removed}
    >
      {rows.length > VIRTUAL_FROM ? (
        <VirtualRows rows={rows} paint={paint} marks={marks} rowPx={choice ? CHOOSABLE_ROW_PX : ROW_PX} />
      ) : (
        rows.map((row, index) => <Row key={index} row={row} paint={paint} index={index} marks={marks} />)
      )}
    </div>
  );
  if (!scope || !commentOn || !choice) return table;
  return (
    <>
      {table}
      <LineCommentForm scope={scope} target={commentOn} rows={diff.rows} choice={choice} />
    </>
  );
}

const NO_ROWS: DiffRow[] = [];

/** What marks a row: the lines chosen for a comment, and those open comments are on. */
interface RowMarks {
  choice: LineChoice | undefined;
  commented: ReadonlySet<number> | undefined;
}

function VirtualRows({
  rows,
  paint,
  marks,
  rowPx,
}: {
  rows: (DiffRow | SplitRow)[];
  paint: (text: string) => string | null;
  marks: RowMarks;
  rowPx: number;
}) {
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowPx,
    overscan: 20,
  });
  return (
    // Only the rows in view exist; the wrappers that place them are not part of the table.
    <div className="diff-scroll" ref={scrollRef} tabIndex={0} role="rowgroup" aria-label={t('diff.lines')}>
      <div role="none" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            role="none"
            className="diff-virtual-row"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              transform: `translateY(${item.start}px)`,
            }}
          >
            <Row row={rows[item.index]!} paint={paint} index={item.index} marks={marks} />
          </div>
        ))}
      </div>
    </div>
  );
}

const SIGN = { add: '+', del: '−', same: ' ' } as const;
/** A line's kind as a screen reader says it before the line. */
const WORDS = { add: 'diff.line.added', del: 'diff.line.removed', same: 'diff.line.same' } as const;

/** A row's classes for the marks on its lines. */
function markClasses(lines: (DiffLine | undefined)[], marks: RowMarks): string {
  let classes = '';
  if (marks.choice && lines.some((line) => line && marks.choice!.isChosen(line))) classes += ' diff-chosen';
  if (
    marks.commented &&
    lines.some((line) => line?.newNumber !== undefined && marks.commented!.has(line.newNumber))
  )
    classes += ' diff-commented';
  return classes;
}

const Row = memo(function Row({
  row,
  paint,
  index,
  marks,
}: {
  row: DiffRow | SplitRow;
  paint: (text: string) => string | null;
  index: number;
  marks: RowMarks;
}) {
  if (row.kind === 'hunk') return <Hunk row={row} index={index} />;
  if (row.kind === 'split')
    return (
      <div
        className={`diff-row${markClasses([row.left, row.right], marks)}`}
        role="row"
        aria-rowindex={index + 1}
      >
        <Side line={row.left} side="old" paint={paint} choice={marks.choice} />
        <Side line={row.right} side="new" paint={paint} choice={marks.choice} />
      </div>
    );
  return (
    <div
      className={`diff-row diff-${row.kind}${markClasses([row], marks)}`}
      role="row"
      aria-rowindex={index + 1}
    >
      <span className="diff-number" role="cell">
        {row.kind === 'del' ? (
          <LineNumber line={row} side="old" choice={marks.choice} />
        ) : (
          (row.oldNumber ?? '')
        )}
      </span>
      <span className="diff-number" role="cell">
        {row.kind === 'del' ? '' : <LineNumber line={row} side="new" choice={marks.choice} />}
      </span>
      <Code line={row} paint={paint} />
    </div>
  );
});

/**
 * A line's number; where the diff takes comments, a button that chooses the line for one (with
 * Shift, every line from the one chosen before).
 */
function LineNumber({
  line,
  side,
  choice,
}: {
  line: DiffLine;
  side: 'old' | 'new';
  choice: LineChoice | undefined;
}) {
  const number = side === 'old' ? line.oldNumber : line.newNumber;
  if (!choice || number === undefined) return <>{number ?? ''}</>;
  return (
    <button
      type="button"
      className="diff-line-choice"
      aria-pressed={choice.isChosen(line)}
      aria-label={t(side === 'old' ? 'diff.chooseRemovedLine' : 'diff.chooseLine', { line: number })}
      onClick={(event) => choice.choose(line, event.shiftKey)}
    >
      {number}
    </button>
  );
}

function Hunk({ row, index }: { row: HunkHeader; index: number }) {
  return (
    <div className="diff-row diff-hunk" role="row" aria-rowindex={index + 1}>
      <span role="cell">{row.header}</span>
    </div>
  );
}

function Side({
  line,
  side,
  paint,
  choice,
}: {
  line: DiffLine | undefined;
  side: 'old' | 'new';
  paint: (text: string) => string | null;
  choice: LineChoice | undefined;
}) {
  if (!line)
    return (
      <>
        <span className="diff-number" role="cell" />
        <span className="diff-code diff-empty" role="cell" />
      </>
    );
  // A line on both sides is chosen from its new side; a removed one from the old.
  const choosable = side === 'new' || line.kind === 'del';
  return (
    <>
      <span className={`diff-number diff-${line.kind}`} role="cell">
        <LineNumber line={line} side={side} choice={choosable ? choice : undefined} />
      </span>
      <Code line={line} paint={paint} />
    </>
  );
}

function Code({ line, paint }: { line: DiffLine; paint: (text: string) => string | null }) {
  const html = useMemo(() => paint(line.text), [paint, line.text]);
  return (
    <span
      className={`diff-code diff-${line.kind}`}
      role="cell"
      aria-label={t('diff.line', { kind: t(WORDS[line.kind]), text: line.text })}
    >
      <span className="diff-sign" aria-hidden="true">
        {SIGN[line.kind]}
      </span>
      {/* The highlighter escapes the text and adds only its own spans. */}
      {html === null ? line.text : <span dangerouslySetInnerHTML={{ __html: html }} />}
    </span>
  );
}
