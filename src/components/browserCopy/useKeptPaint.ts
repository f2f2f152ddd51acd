import { useEffect, useLayoutEffect } from 'react';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { dropKeptPaint } from './keptPaintDrop';

/**
 * The open conversation's part in its kept paint (conversation/copy/keptPaint.ts): the paint
 * index.html drew goes in the frame that draws the view's first screen (`drawn`), or when the
 * view goes; from the first idle moment (`keeping`) on, how the view looks is kept for the next
 * load of its address.
 */
export function useKeptPaint(
  serverUrl: string,
  conversation: string,
  log: ConversationEventLog,
  { drawn, keeping }: { drawn: boolean; keeping: boolean },
): void {
  // Before the browser paints the frame: the two are never on screen together.
  useLayoutEffect(() => {
    if (drawn) dropKeptPaint();
  }, [drawn]);
  useLayoutEffect(() => dropKeptPaint, []);
  useEffect(() => {
    if (!keeping) return;
    let stop: (() => void) | undefined;
    let alive = true;
    void import('./paintKeeping').then(({ keepPaintWhileShown }) => {
      if (alive) stop = keepPaintWhileShown(serverUrl, conversation, log);
    });
    return () => {
      alive = false;
      stop?.();
    };
  }, [keeping, serverUrl, conversation, log]);
}
