import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeAddress } from './reachability';

describe('probeAddress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes any answer, an opaque one included, for an address that answers', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(probeAddress('http://127.0.0.1:11434/v1')).resolves.toBe('answers');
    expect(fetch).toHaveBeenCalledWith(
      'http://127.0.0.1:11434/v1',
      expect.objectContaining({ mode: 'no-cors', credentials: 'omit' }),
    );
  });

  it('tells nothing answering from too slow an answer', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(probeAddress('http://127.0.0.1:9/v1')).resolves.toBe('silent');
    vi.stubGlobal('fetch', async () => Promise.reject(new DOMException('signal timed out', 'TimeoutError')));
    await expect(probeAddress('http://10.255.0.1/v1')).resolves.toBe('unknown');
  });
});
