import { afterEach, describe, expect, it, vi } from 'vitest';

// A hidden page: the browser gives it no idle moment, and runs an idle callback only once the
// timeout it was asked with has passed (as the spec allows, and Chromium does).
function hiddenPage() {
  vi.stubGlobal('window', {
    requestIdleCallback: (run: () => void, options?: { timeout?: number }) =>
      options?.timeout ? setTimeout(run, options.timeout) : 0,
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** On a hidden page, the first idle moment comes at IDLE_AT_THE_LATEST_MS, not a moment sooner. */
async function expectReachedAtTheLatest(firstRead?: Promise<unknown>) {
  vi.useFakeTimers();
  hiddenPage();
  const { firstIdle, firstIdleAfter, IDLE_AT_THE_LATEST_MS } = await import('./useIdleReached');
  if (firstRead) firstIdleAfter(firstRead);
  let reached = false;
  void firstIdle().then(() => (reached = true));
  await vi.advanceTimersByTimeAsync(IDLE_AT_THE_LATEST_MS - 1);
  expect(reached).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(reached).toBe(true);
}

describe('the first idle moment', () => {
  it('comes at the latest after a while on a page that is never idle (a background tab)', () =>
    expectReachedAtTheLatest());

  it('waits for the read the first screen is drawn from', async () => {
    vi.useFakeTimers();
    // A visible page, idle at once: before, the moment came while the read was on its way.
    vi.stubGlobal('window', { requestIdleCallback: (run: () => void) => setTimeout(run, 0) });
    const { firstIdle, firstIdleAfter } = await import('./useIdleReached');
    let answered = () => {};
    firstIdleAfter(new Promise<void>((resolve) => (answered = resolve)));
    let reached = false;
    void firstIdle().then(() => (reached = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(reached).toBe(false);
    answered();
    await vi.advanceTimersByTimeAsync(0);
    expect(reached).toBe(true);
  });

  it('comes at the latest after the same while when the read never ends, in a hidden tab', () =>
    expectReachedAtTheLatest(new Promise(() => {})));
});
