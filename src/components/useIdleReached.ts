import { useEffect, useState } from 'react';

// What the first screen does not need loads in the first idle moment after it (one moment for
// the whole page, whichever component asks first).

let idle: Promise<void> | undefined;
let idleReached = false;

/** Resolves in the page's first idle moment (at once after it). */
export function firstIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) =>
    (window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 50)))(() => resolve()),
  ).then(() => {
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
