import { useMemo } from 'react';
import { standingOf, type ReviewComment, type Standing } from '../../conversation/review/reviewComments';
import { useT } from '../../i18n/i18n';
import { useReviewScope } from './reviewScope';
import { useReview, useReviewState } from './useReview';
import { commentLines, linesWords } from './reviewWords';
import './review.css';
import 'virtual:tether-english/review';

export interface FileComment {
  comment: ReviewComment;
  standing: Standing;
}

const NONE: readonly ReviewComment[] = [];

/**
 * The review comments on one file, each judged against the text the diff shows now: which are
 * still open (their lines there, unchanged) and where, and which were addressed.
 */
export function useFileComments(
  path: string,
  text: string | null | undefined,
): { items: FileComment[]; commented: ReadonlySet<number> | undefined } {
  const scope = useReviewScope();
  const review = useReview(scope);
  const all = useReviewState(review, (state) => state.comments);
  const comments = all.length === 0 ? NONE : all;
  return useMemo(() => {
    if (text === undefined) return { items: [], commented: undefined };
    const items = comments
      .filter((comment) => comment.path === path)
      .map((comment) => ({ comment, standing: standingOf(comment, text) }));
    const commented = new Set<number>();
    for (const { standing } of items)
      if (standing.kind === 'open')
        for (let line = standing.from; line <= standing.to; line++) commented.add(line);
    return { items, commented: commented.size > 0 ? commented : undefined };
  }, [comments, path, text]);
}

/** Above a file's diff: its review comments and where each stands. */
export function FileComments({ items }: { items: readonly FileComment[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <details className="file-comments" open>
      <summary>{t('review.onFile', { count: items.length })}</summary>
      <ul>
        {items.map(({ comment, standing }) => (
          <li key={comment.id}>
            <strong>{commentLines(comment)}</strong>{' '}
            <span className="review-state">
              {comment.delivery.kind === 'draft'
                ? t('review.state.draft')
                : standing.kind === 'open'
                  ? t('review.state.open', { lines: linesWords({ side: 'new', ...standing }) })
                  : standing.kind === 'unknown'
                    ? t('review.state.unknown')
                    : standing.gone
                      ? t('review.state.gone')
                      : t('review.state.addressed')}
            </span>
            : <span className="review-words">{comment.words}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
