import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { clampSideWidth, SIDE_WIDTH_STEP } from './sideWidth';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/workspace';

/**
 * The divider between the chat and the side area (a window splitter): dragged, or moved with the
 * arrow keys (Shift for bigger steps), Home and End for the widest and the narrowest.
 */
export function ResizeHandle({
  width,
  areaWidth,
  onResize,
}: {
  /** The side area's width now, in pixels. */
  width: number;
  /** The width of the chat and the side area together. */
  areaWidth: number;
  onResize: (width: number, done: boolean) => void;
}) {
  const t = useT();
  const drag = useRef<{ startX: number; startWidth: number; sign: number } | undefined>(undefined);
  const set = (next: number, done: boolean) => onResize(clampSideWidth(next, areaWidth), done);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The divider sits at the side area's start edge: toward the chat widens it.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = SIDE_WIDTH_STEP * (event.shiftKey ? 4 : 1);
    const toChat = rtl ? 'ArrowRight' : 'ArrowLeft';
    const away = rtl ? 'ArrowLeft' : 'ArrowRight';
    const next =
      event.key === toChat
        ? width + step
        : event.key === away
          ? width - step
          : event.key === 'Home'
            ? Infinity
            : event.key === 'End'
              ? 0
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    set(next, true);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    drag.current = { startX: event.clientX, startWidth: width, sign: rtl ? 1 : -1 };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (from) set(from.startWidth + from.sign * (event.clientX - from.startX), false);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    drag.current = undefined;
    if (from) set(from.startWidth + from.sign * (event.clientX - from.startX), true);
  };
  return (
    <div
      className="side-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('workspace.resize')}
      aria-valuemin={clampSideWidth(0, areaWidth)}
      aria-valuemax={clampSideWidth(Infinity, areaWidth)}
      aria-valuenow={width}
      aria-valuetext={t('workspace.widthPixels', { width: Math.round(width) })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (drag.current = undefined)}
    />
  );
}
