import { numbersOf, type ReviewComment, type ReviewPhrases } from '../../conversation/review/reviewComments';
import { t } from '../../i18n/i18n';
import 'virtual:tether-english/review';

// The words of review comments: which lines, and the message that sends them to the agent (in
// the person's language, as everything else they send).

export function linesWords({ side, from, to }: { side: 'new' | 'old'; from: number; to: number }): string {
  if (side === 'old')
    return from === to ? t('review.removedLine', { line: from }) : t('review.removedLines', { from, to });
  return from === to ? t('review.line', { line: from }) : t('review.lines', { from, to });
}

export const commentLines = (comment: ReviewComment) => linesWords(numbersOf(comment));

export const reviewPhrases = (): ReviewPhrases => ({
  heading: (count) => t('review.message.heading', { count }),
  where: (comment, numbers) =>
    t('review.message.where', { path: comment.shownPath, lines: linesWords(numbers) }),
});
