// How wide the side area is, as the person last left it (kept in this browser). Unset, it takes
// half of the conversation's width.

const KEY = 'tether.side-width';

/** Narrower than this, the side area's tabs and diffs no longer fit. */
export const MIN_SIDE_WIDTH = 320;
/** The chat keeps at least this much beside it. */
export const MIN_CHAT_WIDTH = 360;
/** One arrow-key press moves the divider this far (Shift: four times as far). */
export const SIDE_WIDTH_STEP = 32;

export function storedSideWidth(): number | undefined {
  try {
    const width = Number(localStorage.getItem(KEY));
    return Number.isFinite(width) && width > 0 ? width : undefined;
  } catch {
    return undefined;
  }
}

export function storeSideWidth(width: number): void {
  try {
    localStorage.setItem(KEY, String(Math.round(width)));
  } catch {
    // Storage full or refused: the width holds for this page only.
  }
}

/** A width within what the area beside the chat allows. */
export function clampSideWidth(width: number, areaWidth: number): number {
  const widest = Math.max(MIN_SIDE_WIDTH, areaWidth - MIN_CHAT_WIDTH);
  return Math.round(Math.min(Math.max(width, MIN_SIDE_WIDTH), widest));
}
