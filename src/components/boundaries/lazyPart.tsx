import { lazy, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { useT } from '../../i18n/i18n';
import { PartBoundary } from './PartBoundary';

// A part of the screen loaded on first use, inside its own error boundary: a chunk that fails
// to load (the network blinked, a deploy replaced the files) shows "This part could not load"
// with Retry in its place, and Retry asks for the chunk again.
//
// A part whose code is already here when it is first drawn is drawn as itself, not through
// lazy(): React 19 reveals content that suspended no sooner than 300 ms after the last fallback
// it showed on the page, so a part that suspends even for a moment can wait that long. One loaded
// beforehand (preload) never suspends.

/** A lazily loaded part, which can be asked to load before it is drawn. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LazyPart<T extends ComponentType<any>> = ComponentType<ComponentProps<T>> & {
  preload(): Promise<void>;
};

// As React's own lazy(): any component type, its props kept.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyPart<T> {
  let resolved: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        resolved = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  let Loaded = lazy(loadOnce);
  const remake = () => {
    // A rejected lazy() keeps its rejection: only a new one loads again. The browser keeps the
    // failed import too (a module map entry is never retried), so the chunk is asked for again
    // under a new address; the chunks it imports keep theirs, and so their one instance.
    Loaded = lazy(() =>
      loadOnce().catch(async (error: unknown) => {
        const url = failedModuleUrl(error);
        if (!url) throw error;
        const module = (await import(/* @vite-ignore */ `${url}?retry=${Date.now()}`)) as { default: T };
        resolved = module.default;
        return module;
      }),
    );
  };
  function Part(props: ComponentProps<T>) {
    // Drawn again on Retry, so that the boundary's child is the new loader.
    const [, setAttempt] = useState(0);
    // Chosen once for the part's life: its code, if here, or the loader. Never one, then the
    // other: the part would be drawn anew and lose what it holds.
    const [direct] = useState(() => resolved);
    const Component = (direct ?? Loaded) as ComponentType<ComponentProps<T>>;
    return (
      <PartBoundary
        onRetry={() => {
          remake();
          setAttempt((attempt) => attempt + 1);
        }}
        fallback={(retry) => <PartFailed retry={retry} />}
      >
        <Component {...props} />
      </PartBoundary>
    );
  }
  Part.preload = () => loadOnce().then(() => undefined);
  return Part;
}

/**
 * True once `when` is and every part has loaded (or failed to: its boundary then says so): drawn
 * then, they appear at once, with no reveal held back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function usePartsLoaded(when: boolean, ...parts: LazyPart<any>[]): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!when || loaded) return;
    let alive = true;
    const done = () => alive && setLoaded(true);
    void Promise.all(parts.map((part) => part.preload())).then(done, done);
    return () => {
      alive = false;
    };
    // The parts are module constants: `when` is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [when, loaded]);
  return loaded;
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
