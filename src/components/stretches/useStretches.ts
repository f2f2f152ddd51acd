import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ConversationProjection } from '../../conversation/projection';
import { workStretches, type Stretch } from '../../conversation/stretches/workStretches';
import { useCommand } from '../commands/commands';
import { useFoldSteps } from './foldSteps';
import { useT } from '../../i18n/i18n';

/**
 * The folded stretches (finished agent work when steps fold, events Tether cannot show always),
 * and which ones the reader opened. Find opens the
 * stretch it jumps into (at once, for the render that scrolls there, and for good after).
 */
export function useStretches(projection: ConversationProjection, jumpedTo: string | undefined) {
  const t = useT();
  const version = projection.version;
  const fold = useFoldSteps((state) => state.fold);
  const setFold = useFoldSteps((state) => state.setFold);
  useCommand('fold-steps', fold ? t('transcript.showEveryStep') : t('transcript.foldSteps'), () =>
    setFold(!fold),
  );
  // The projection is mutable: its version says when the rows changed.
  const stretches = useMemo(
    () => workStretches(projection, fold),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [projection, version, fold],
  );
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const forced = jumpedTo === undefined ? undefined : stretches.get(jumpedTo)?.id;
  useEffect(() => {
    if (forced !== undefined) setOpened((open) => (open.has(forced) ? open : new Set(open).add(forced)));
  }, [forced]);
  const toggle = useCallback(
    (id: string) =>
      setOpened((open) => {
        const next = new Set(open);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const isOpen = useCallback(
    (stretch: Stretch) => opened.has(stretch.id) || stretch.id === forced,
    [opened, forced],
  );
  return { stretchOf: (key: string) => stretches.get(key), isOpen, toggle, fold, setFold };
}
