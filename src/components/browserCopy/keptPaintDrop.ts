// The paint index.html draws from a conversation's kept look (conversation/copy/keptPaint.ts)
// stands in for the app's first screen, and goes as soon as that screen is drawn.

/** The element index.html draws a kept paint in. */
export const KEPT_PAINT_ID = 'kept-paint';

/**
 * How long a kept paint may stand without the app's first screen: a conversation that cannot be
 * opened says so in its own words, and an address that is no conversation's draws something
 * else, within this.
 */
export const KEPT_PAINT_AT_MOST_MS = 2_000;

/** The kept paint goes; called in the frame that draws the app's own first screen. */
export function dropKeptPaint(): void {
  document.getElementById(KEPT_PAINT_ID)?.remove();
}
