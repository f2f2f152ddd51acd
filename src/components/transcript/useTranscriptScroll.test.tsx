import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useTranscriptScroll, type TranscriptScrollOptions } from './useTranscriptScroll';

// The transcript's scrolling on a fake layout: the scroller is 600 px high, its content as tall
// as a test says, and a fake ResizeObserver reports growth when the test says it happened (as
// code highlighted or an image decoded would, without a scroll event).

class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  /** Something observed changed size. */
  static resize() {
    for (const observer of FakeResizeObserver.instances)
      if (observer.observed.size > 0) observer.callback([], observer as unknown as ResizeObserver);
  }
}

const VIEW_PX = 600;
/** The virtualiser's estimate of a row's height: rows are never measured here. */
const ROW_PX = 140;
let contentPx = 5000;

function Transcript(props: TranscriptScrollOptions) {
  const scroll = useTranscriptScroll(props);
  return (
    <div
      data-testid="scroller"
      ref={scroll.scrollRef}
      onScroll={scroll.onScroll}
      onWheel={scroll.release}
      onPointerDown={scroll.press}
      onKeyDown={scroll.keyDown}
      tabIndex={0}
    >
      <div>
        {scroll.virtualizer.getVirtualItems().map((item) => (
          <div key={item.key} data-index={item.index} className="chat-row-slot" />
        ))}
      </div>
      <dialog data-testid="enlarged" />
      <output data-testid="position">{scroll.position}</output>
      {scroll.overflowing && (
        <button type="button" onClick={scroll.jumpToLatest}>
          Jump to latest
        </button>
      )}
    </div>
  );
}

const keys = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `row-${from + i}`);

function options(overrides: Partial<TranscriptScrollOptions> = {}): TranscriptScrollOptions {
  return {
    order: keys(40),
    hasOlder: false,
    loadingOlder: false,
    loadOlder: vi.fn(),
    loadAllOlder: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

const scroller = () => screen.queryByTestId('scroller')!;

/** The reader scrolls (their wheel first, as a person's scroll comes with input). */
function readerScrollsTo(top: number) {
  fireEvent.wheel(scroller());
  scroller().scrollTop = top;
  fireEvent.scroll(scroller());
}

beforeEach(() => {
  contentPx = 5000;
  FakeResizeObserver.instances = [];
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  // jsdom has no element scrolling: the virtualiser's scrolls set the offset, as a browser's do.
  HTMLElement.prototype.scrollTo = function (this: HTMLElement, to?: ScrollToOptions | number) {
    if (typeof to === 'object' && to.top !== undefined) this.scrollTop = to.top;
  } as HTMLElement['scrollTo'];
  // Rows are laid out at the virtualiser's estimate, below the 32 px edge, in the scrolled view.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const index = this.classList.contains('chat-row-slot') ? Number(this.dataset.index) : -1;
    const top = index < 0 ? 0 : 32 + index * ROW_PX - (scroller()?.scrollTop ?? 0);
    const height = index < 0 ? VIEW_PX : ROW_PX;
    return DOMRect.fromRect({ x: 0, y: top, width: 800, height });
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'scroller' ? contentPx : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'scroller' ? VIEW_PX : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'scroller' ? VIEW_PX : 100;
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const name of ['scrollHeight', 'clientHeight', 'offsetHeight'])
    delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
});

describe('following the end', () => {
  it('opens at the end and stays there when the content grows with no scroll event', () => {
    render(<Transcript {...options()} />);
    expect(scroller().scrollTop).toBeGreaterThan(0);
    contentPx = 6200;
    act(() => FakeResizeObserver.resize());
    expect(scroller().scrollTop).toBe(6200);
    expect(screen.getByTestId('position').textContent).toBe('bottom');
  });

  it('leaves a reader who scrolled up where they are, and Jump to latest brings them back', () => {
    render(<Transcript {...options()} />);
    readerScrollsTo(1000);
    expect(screen.getByTestId('position').textContent).toBe('middle');
    contentPx = 6200;
    act(() => FakeResizeObserver.resize());
    expect(scroller().scrollTop).toBe(1000);

    fireEvent.click(screen.getByRole('button', { name: 'Jump to latest' }));
    expect(scroller().scrollTop).toBe(6200);
    contentPx = 7000;
    act(() => FakeResizeObserver.resize());
    expect(scroller().scrollTop).toBe(7000);
  });

  it('takes a reader who presses End to the end, and follows, though a row grew on the way', () => {
    render(<Transcript {...options()} />);
    readerScrollsTo(1000);
    // A row measured between the key and its scroll: the end the browser would go to moved.
    contentPx = 6200;
    fireEvent.keyDown(scroller(), { key: 'End' });
    expect(scroller().scrollTop).toBe(6200);
    // Rows measured on the way grow the content before the scroll event: still the end's.
    contentPx = 7500;
    fireEvent.scroll(scroller());
    expect(scroller().scrollTop).toBe(7500);
    expect(screen.getByTestId('position').textContent).toBe('bottom');
    contentPx = 7000;
    act(() => FakeResizeObserver.resize());
    expect(scroller().scrollTop).toBe(7000);
  });

  it('stays at the end the reader asked for while an earlier key’s animation runs out', () => {
    render(<Transcript {...options()} />);
    // PageUp: the browser animates it, and keeps animating after the page sets scrollTop.
    readerScrollsTo(4200);
    fireEvent.keyDown(scroller(), { key: 'End' });
    expect(scroller().scrollTop).toBe(5000);
    for (const frame of [4300, 4250, 4200]) {
      scroller().scrollTop = frame;
      fireEvent.scroll(scroller());
      expect(scroller().scrollTop).toBe(5000);
    }
    expect(screen.getByTestId('position').textContent).toBe('bottom');
    // The reader's own wheel still takes them up at once.
    readerScrollsTo(3000);
    expect(scroller().scrollTop).toBe(3000);
    expect(screen.getByTestId('position').textContent).toBe('middle');
  });

  it('keeps a follower at the end when rows measured after the fact move the content', () => {
    render(<Transcript {...options()} />);
    contentPx = 5400;
    // The virtualiser's own scroll as the rows are measured: no reader input came with it.
    scroller().scrollTop = 4000;
    fireEvent.scroll(scroller());
    expect(scroller().scrollTop).toBe(5400);
  });
});

describe('holding still under the reader', () => {
  /** Runs what waits for the next frame. */
  const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

  it('does not move while the reader presses, and catches up with the end on release', async () => {
    const view = render(<Transcript {...options()} />);
    const top = scroller().scrollTop;
    fireEvent.pointerDown(scroller());
    contentPx = 6200;
    act(() => FakeResizeObserver.resize());
    view.rerender(<Transcript {...options({ order: keys(45) })} />);
    fireEvent.scroll(scroller());
    expect(scroller().scrollTop).toBe(top);
    fireEvent.pointerUp(window);
    await nextFrame();
    expect(scroller().scrollTop).toBe(6200);
    // Still a follower: the next growth is followed at once.
    contentPx = 6500;
    act(() => FakeResizeObserver.resize());
    expect(scroller().scrollTop).toBe(6500);
  });

  it('does not move while a dialog opened from a row is open, and catches up when it closes', async () => {
    render(<Transcript {...options()} />);
    const dialog = screen.getByTestId('enlarged') as HTMLDialogElement;
    const top = scroller().scrollTop;
    dialog.setAttribute('open', '');
    contentPx = 6200;
    act(() => FakeResizeObserver.resize());
    expect(scroller().scrollTop).toBe(top);
    dialog.removeAttribute('open');
    fireEvent(dialog, new Event('close'));
    await nextFrame();
    expect(scroller().scrollTop).toBe(6200);
  });

  it('leaves a reader who scrolled up where they are after the release', async () => {
    render(<Transcript {...options()} />);
    readerScrollsTo(1000);
    fireEvent.pointerDown(scroller());
    fireEvent.pointerUp(window);
    contentPx = 6200;
    act(() => FakeResizeObserver.resize());
    await nextFrame();
    expect(scroller().scrollTop).toBe(1000);
  });
});

describe('older pages', () => {
  it('asks for none on opening, even while the view passes the top on its way to the end', () => {
    const loadOlder = vi.fn();
    render(<Transcript {...options({ hasOlder: true, loadOlder })} />);
    expect(loadOlder).not.toHaveBeenCalled();
  });

  it('asks for one when the reader nears the top', () => {
    const loadOlder = vi.fn();
    render(<Transcript {...options({ hasOlder: true, loadOlder })} />);
    readerScrollsTo(2000);
    expect(loadOlder).not.toHaveBeenCalled();
    readerScrollsTo(300);
    expect(loadOlder).toHaveBeenCalledTimes(1);
  });

  it('asks for the next when a page came in and the reader is still at the top', () => {
    const loadOlder = vi.fn();
    const view = render(<Transcript {...options({ hasOlder: true, loadOlder })} />);
    readerScrollsTo(0);
    expect(loadOlder).toHaveBeenCalledTimes(1);
    view.rerender(<Transcript {...options({ hasOlder: true, loadingOlder: true, loadOlder })} />);
    view.rerender(<Transcript {...options({ hasOlder: true, loadingOlder: false, loadOlder })} />);
    expect(loadOlder).toHaveBeenCalledTimes(2);
  });

  it('loads on when the first page is too short to scroll', () => {
    contentPx = 500;
    const loadOlder = vi.fn();
    render(<Transcript {...options({ order: keys(3), hasOlder: true, loadOlder })} />);
    expect(loadOlder).toHaveBeenCalled();
  });
});

describe('holding the reader’s place', () => {
  it('keeps the row in the middle of the view where it was when older rows arrive above', () => {
    const base = options({ order: keys(40, 10), hasOlder: true });
    const view = render(<Transcript {...base} />);
    readerScrollsTo(2000);
    // The row crossing the middle (300 px down) is row-26, 272 px from the top.
    contentPx = 5000 + 10 * ROW_PX;
    view.rerender(<Transcript {...base} order={keys(50)} />);
    expect(scroller().scrollTop).toBe(2000 + 10 * ROW_PX);
  });
});

describe('jumping to a row', () => {
  it('leaves the end for find’s match, and stops following', () => {
    const base = options();
    const view = render(<Transcript {...base} />);
    view.rerender(<Transcript {...base} jumpTo={{ index: 2, seq: 1 }} />);
    fireEvent.scroll(scroller());
    expect(screen.getByTestId('position').textContent).not.toBe('bottom');
    const there = scroller().scrollTop;
    expect(there).toBeLessThan(1000);
    contentPx = 6200;
    act(() => FakeResizeObserver.resize());
    expect(scroller().scrollTop).toBe(there);
  });
});
