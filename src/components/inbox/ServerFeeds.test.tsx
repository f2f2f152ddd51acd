import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AgentServer } from '../../agent-server/servers';
import { ServerFeedSource, type ServerFeed } from './ServerFeeds';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const dead: AgentServer = { id: 'dead', name: 'Dead', serverUrl: 'http://dead.localhost', sessionApiKey: '' };

describe('a server that is down', () => {
  // The app's client retries other reads; the list's own options say it is never retried.
  it('is asked a handful of times a minute, not stormed, and its feed says why', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    let last: ServerFeed | undefined;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ServerFeedSource server={dead} openId={undefined} onFeed={(_, feed) => (last = feed)} />
      </QueryClientProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    // Reads at 0 s, then 5, 15 and 35 s (5 s, 10 s, 20 s after each failure); the next is at 75 s.
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(last?.error).toBeInstanceOf(Error);
    expect(last?.pending).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fetch).toHaveBeenCalledTimes(5);
  });
});
