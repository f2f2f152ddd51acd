/** The workspace is re-read at most this often while the agent works. */
export const MIN_REFRESH_GAP_MS = 1_000;

/** How long to wait before re-reading, so that re-reads stay at least `gapMs` apart. */
export function refreshDelay(lastAt: number, now: number, gapMs = MIN_REFRESH_GAP_MS): number {
  return Math.max(0, lastAt + gapMs - now);
}
