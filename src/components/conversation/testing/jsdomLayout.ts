import { vi } from 'vitest';

/**
 * jsdom lays nothing out: the transcript's scroller gets a window's height and every other element
 * a row's, and all of them a width, so the virtualiser draws rows as it does in a browser.
 */
export function layOutTranscript({
  scrollerHeight,
  rowHeight,
}: {
  scrollerHeight: number;
  rowHeight: number;
}) {
  function box(this: HTMLElement): DOMRect {
    const height = this.classList.contains('chat-scroll') ? scrollerHeight : rowHeight;
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      width: 1000,
      height,
      right: 1000,
      bottom: height,
      toJSON: () => ({}),
    };
  }
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(box);
  for (const size of ['offsetHeight', 'clientHeight'])
    Object.defineProperty(HTMLElement.prototype, size, {
      configurable: true,
      get(this: HTMLElement) {
        return box.call(this).height;
      },
    });
  for (const width of ['offsetWidth', 'clientWidth'])
    Object.defineProperty(HTMLElement.prototype, width, { configurable: true, get: () => 1000 });
}
