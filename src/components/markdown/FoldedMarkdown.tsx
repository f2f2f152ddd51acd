import { Suspense } from 'react';
import { lazyPart } from '../boundaries/lazyPart';
import { FOLD_ABOVE } from './foldLimit';
import { Markdown } from './Markdown';

// Few messages are long enough to fold: the folding (and the fence-aware cut) loads with the first.
const LongMarkdown = lazyPart(() => import('./LongMarkdown'));

/**
 * A message's markdown; a very long one shows its head and a button for the rest, unless it is
 * `whole`: an answer the person has just watched arrive stays as it was read, never cut under them.
 */
export function FoldedMarkdown({ text, whole = false }: { text: string; whole?: boolean }) {
  if (whole || text.length <= FOLD_ABOVE) return <Markdown text={text} />;
  return (
    <Suspense fallback={<div className="folded-text-loading" />}>
      <LongMarkdown text={text} />
    </Suspense>
  );
}
