import { useEffect, useState } from 'react';
import type { DiffModel, DiffOptions } from '../../conversation/workspace/diffModel';
import { diffInBackground } from '../../conversation/workspace/diffAsync';

/** The diff of two texts, computed off the main thread when they are big; undefined until it is. */
export function useDiffModel(
  original: string | undefined,
  modified: string | undefined,
  options?: DiffOptions,
): DiffModel | undefined {
  const [state, setState] = useState<{ key: unknown[]; model: DiffModel } | undefined>();
  const context = options?.context;
  useEffect(() => {
    if (original === undefined || modified === undefined) return;
    let alive = true;
    const key = [original, modified, context];
    void diffInBackground(original, modified, context === undefined ? undefined : { context }).then(
      (model) => alive && setState({ key, model }),
    );
    return () => {
      alive = false;
    };
  }, [original, modified, context]);
  const current = state && state.key[0] === original && state.key[1] === modified && state.key[2] === context;
  return current ? state.model : undefined;
}
