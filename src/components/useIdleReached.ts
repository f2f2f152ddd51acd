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
let firstRead: Promise<unknown> = Promise.resolve();

/**
 * The read the first screen is drawn from, asked for before the first render. The main thread
 * is idle while it is on its way, and the first idle moment used to come then: the code that
 * moment loads competed with it for the network, and was compiled just as its answer wanted to
 * paint. The moment now waits for it too, within the same IDLE_AT_THE_LATEST_MS (a server that
 * does not answer is retried for longer).
 */
export function firstIdleAfter(read: Promise<unknown>): void {
  firstRead = read;
}

let firstScreenDrawn: () => void = () => {};

/**
 * As firstIdleAfter, and the moment also waits for the first screen to say it is drawn
 * (noteFirstScreenDrawn): the parts the idle moment draws then come after it, not beside it.
 */
export function firstIdleAfterDrawn(read: Promise<unknown>): void {
  const drawn = new Promise<void>((resolve) => (firstScreenDrawn = resolve));
  firstRead = Promise.all([read, drawn]);
}

/** The first screen is drawn: a conversation's rows, or what it says instead of them. */
export function noteFirstScreenDrawn(): void {
  firstScreenDrawn();
}

/** Resolves in the page's first idle moment after the first read (at once after it). */
export function firstIdle(): Promise<void> {
  if (idle) return idle;
  // One deadline for both waits: a background tab follows its run as soon as it did before.
  const deadline = Date.now() + IDLE_AT_THE_LATEST_MS;
  const readOrDeadline = Promise.race([
    firstRead,
    new Promise((resolve) => setTimeout(resolve, IDLE_AT_THE_LATEST_MS)),
  ]);
  idle = readOrDeadline
    .then(
      () =>
        new Promise<void>((resolve) => {
          const timeout = deadline - Date.now();
          if (timeout <= 0) resolve();
          else if (window.requestIdleCallback) window.requestIdleCallback(() => resolve(), { timeout });
          else setTimeout(resolve, 50);
        }),
    )
    .then(() => {
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
