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

describe('the first idle moment', () => {
  it('comes at the latest after a while on a page that is never idle (a background tab)', async () => {
    vi.useFakeTimers();
    hiddenPage();
    const { firstIdle, IDLE_AT_THE_LATEST_MS } = await import('./useIdleReached');
    let reached = false;
    void firstIdle().then(() => (reached = true));
    await vi.advanceTimersByTimeAsync(IDLE_AT_THE_LATEST_MS - 1);
    expect(reached).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(reached).toBe(true);
  });
});
