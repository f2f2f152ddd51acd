import { Suspense, type ComponentProps } from 'react';
import { lazyPart } from './lazyPart';

// What stands in a failed eager part's place, its words loaded with the first failure. Should even
// they not load, lazyPart's own line ("This part could not load", with Retry) stands instead.

const Words = lazyPart(() => import('./FailedWords'));

export function Failed(props: ComponentProps<typeof Words>) {
  return (
    <Suspense fallback={null}>
      <Words {...props} />
    </Suspense>
  );
}
