import { copyKept } from '../../conversation/copy/copyHint';
import { forgetPaint, keepPaint } from '../../conversation/copy/keptPaint';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { capturePaint } from './paintCapture';

// Keeps how the open conversation looks for the next load of its address: once its rows and the
// view have been still for a moment, and as the page is hidden or left. Loaded in the first idle
// moment: nothing of it is needed to paint.

/** Still for this long: a run streaming its answer is kept once it pauses, not on every token. */
const STILL_MS = 1_500;
/** How many still moments the copy's first write is waited for (half a minute). */
const MOST_COPY_WAITS = 20;

export function keepPaintWhileShown(
  serverUrl: string,
  conversation: string,
  log: ConversationEventLog,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let copyAwaited = 0;
  const keep = () => {
    const root = document.getElementById('root');
    if (!root) return;
    // Nothing kept of a conversation whose copy this browser does not keep. A copy still being
    // written (its first write can end seconds after the rows, on a slow machine) is waited
    // for a while; a browser that keeps none is not asked again and again.
    if (!copyKept()) {
      if (++copyAwaited < MOST_COPY_WAITS) later();
      return;
    }
    const capture = capturePaint(root, { serverUrl, conversation });
    // The address whole: its query opens the workspace, a file, a view of the list.
    const address = location.pathname + location.search;
    if (capture.kind === 'paint') keepPaint(address, capture.paint);
    else if (capture.kind === 'not-at-end') forgetPaint(address);
  };
  // A timer, not an idle callback: still for that long, the page is idle enough, and an idle
  // callback was seen never to come on a slowed CPU (the bench's fourfold slowdown).
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(keep, STILL_MS);
  };
  const hidden = () => {
    if (document.visibilityState === 'hidden') keep();
  };
  const unsubscribe = log.subscribe(later);
  // Scrolling does not bubble: caught on its way down, from the transcript or any other box.
  document.addEventListener('scroll', later, { capture: true, passive: true });
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', keep);
  later();
  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('scroll', later, { capture: true });
    document.removeEventListener('visibilitychange', hidden);
    window.removeEventListener('pagehide', keep);
  };
}
