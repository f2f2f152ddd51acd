import { lazy, useState, type ComponentProps, type ComponentType } from 'react';
import { useT } from '../../i18n/i18n';
import { PartBoundary } from './PartBoundary';

// A part of the screen loaded on first use, inside its own error boundary: a chunk that fails
// to load (the network blinked, a deploy replaced the files) shows "This part could not load"
// with Retry in its place, and Retry asks for the chunk again.

// As React's own lazy(): any component type, its props kept.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPart<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  let Loaded = lazy(load);
  const remake = () => {
    // A rejected lazy() keeps its rejection: only a new one loads again. The browser keeps the
    // failed import too (a module map entry is never retried), so the chunk is asked for again
    // under a new address; the chunks it imports keep theirs, and so their one instance.
    Loaded = lazy(() =>
      load().catch((error: unknown) => {
        const url = failedModuleUrl(error);
        if (!url) throw error;
        return import(/* @vite-ignore */ `${url}?retry=${Date.now()}`) as Promise<{ default: T }>;
      }),
    );
  };
  function Part(props: ComponentProps<T>) {
    // Drawn again on Retry, so that the boundary's child is the new loader.
    const [, setAttempt] = useState(0);
    return (
      <PartBoundary
        onRetry={() => {
          remake();
          setAttempt((attempt) => attempt + 1);
        }}
        fallback={(retry) => <PartFailed retry={retry} />}
      >
        <Loaded {...props} />
      </PartBoundary>
    );
  }
  return Part;
}

function PartFailed({ retry }: { retry: () => void }) {
  const t = useT();
  return (
    <div className="part-failed" role="alert">
      {t('boundary.part')}{' '}
      <button type="button" onClick={retry}>
        {t('boundary.retry')}
      </button>
    </div>
  );
}

/** The address in a failed dynamic import's message (Chromium and Firefox name it). */
export function failedModuleUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  return /\bhttps?:\/\/\S+?\.m?js\b/.exec(message)?.[0];
}
