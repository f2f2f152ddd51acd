import { useEffect, useState } from 'react';

// What the first screen does not need loads in the first idle moment after it (one moment for
// the whole page, whichever component asks first).

/**
 * The latest the first idle moment comes. A hidden page may have no idle moment until it is
 * shown (the spec lets the browser hold them back), and what waits for one includes the live
 * session's socket: a conversation opened in a background tab must still follow its run.
 */
export const IDLE_AT_THE_LATEST_MS = 2_000;

let idle: Promise<void> | undefined;
let idleReached = false;

/** Resolves in the page's first idle moment (at once after it). */
export function firstIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    if (window.requestIdleCallback)
      window.requestIdleCallback(() => resolve(), { timeout: IDLE_AT_THE_LATEST_MS });
    else setTimeout(resolve, 50);
  }).then(() => {
    idleReached = true;
  });
  return idle;
}

/** True once the page has had its first idle moment. */
export function useIdleReached(): boolean {
  const [reached, setReached] = useState(idleReached);
  useEffect(() => {
    if (reached) return;
    let alive = true;
    void firstIdle().then(() => alive && setReached(true));
    return () => {
      alive = false;
    };
  }, [reached]);
  return reached;
}
