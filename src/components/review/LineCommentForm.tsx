import { useEffect, useRef, useState } from 'react';
import { newestEditOf } from '../../conversation/review/editSource';
import { gapOf, linesBetween, numbersOf } from '../../conversation/review/reviewComments';
import { rowReaderOf } from '../../conversation/rowReader';
import type { DiffRow } from '../../conversation/workspace/diffModel';
import { useT } from '../../i18n/i18n';
import type { CommentTarget, ReviewScope } from './reviewScope';
import { useReview, useReviewState } from './useReview';
import type { LineChoice } from './useLineChoice';
import { linesWords } from './reviewWords';
import './review.css';
import 'virtual:tether-english/review';

const sourceOf = (eventId: string | undefined) => (eventId ? { sourceEventId: eventId } : {});

/**
 * Under a diff whose lines are chosen: the comment on them, added to the conversation's review
 * (the tray above the composer sends it). Once added, says so where the form was, and keeps
 * focus there.
 */
export function LineCommentForm({
  scope,
  target,
  rows,
  choice,
}: {
  scope: ReviewScope;
  target: CommentTarget;
  rows: readonly DiffRow[];
  choice: LineChoice;
}) {
  const t = useT();
  const review = useReview(scope);
  const drafts = useReviewState(
    review,
    (state) => state.comments.filter((c) => c.delivery.kind === 'draft').length,
  );
  const [words, setWords] = useState('');
  const [added, setAdded] = useState(false);
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (added) note.current?.focus();
  }, [added]);
  const chosen = choice.chosen;
  // Lines chosen again: what was said of the last comment is over.
  useEffect(() => {
    if (chosen) setAdded(false);
  }, [chosen]);
  if (!chosen) {
    return added ? (
      <p className="line-comment-added" role="status" tabIndex={-1} ref={note}>
        {t('review.added', { count: drafts })}
      </p>
    ) : null;
  }
  const lines = linesBetween(rows, chosen.from, chosen.to);
  const numbers = numbersOf({ lines });
  const where = t('review.commentOn', { path: target.shownPath, lines: linesWords(numbers) });
  return (
    <form
      className="line-comment"
      aria-label={where}
      onSubmit={(event) => {
        event.preventDefault();
        if (!review || words.trim() === '') return;
        review.add({
          path: target.path,
          shownPath: target.shownPath,
          lines,
          shownText: target.shownText,
          ...(numbers.side === 'old' ? { gapAt: gapOf(rows, chosen.from, chosen.to) } : {}),
          words: words.trim(),
          ...sourceOf(target.sourceEventId ?? newestEditOf(rowReaderOf(scope.log), target.path)),
        });
        setWords('');
        setAdded(true);
        choice.clear();
      }}
    >
      <label>
        {where}
        <textarea
          value={words}
          rows={3}
          required
          onChange={(event) => setWords(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              choice.clear();
            }
          }}
        />
      </label>
      <div className="line-comment-actions">
        <button type="submit" disabled={!review}>
          {t('review.add')}
        </button>
        <button type="button" onClick={choice.clear}>
          {t('review.cancel')}
        </button>
      </div>
    </form>
  );
}
