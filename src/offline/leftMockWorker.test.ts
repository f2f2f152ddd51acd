import { describe, expect, it } from 'vitest';
import { heldByLeftMockWorker, unregisterLeftMockWorker } from './leftMockWorker';

// Letting an older build's mock worker go, on a fake container.

function registration(script: string, slot: 'active' | 'waiting' | 'installing' = 'active') {
  const state = { unregistered: false };
  const worker = { scriptURL: `http://127.0.0.1:4173${script}` } as ServiceWorker;
  const registration = {
    active: null,
    waiting: null,
    installing: null,
    [slot]: worker,
    unregister: async () => (state.unregistered = true),
  } as unknown as ServiceWorkerRegistration;
  return { registration, state };
}

describe('unregisterLeftMockWorker', () => {
  it('unregisters the mock’s worker, active or on its way, and no other worker', async () => {
    const mock = registration('/mockServiceWorker.js');
    const installingMock = registration('/mockServiceWorker.js', 'installing');
    const tether = registration('/sw.js');
    await unregisterLeftMockWorker({
      getRegistrations: async () => [mock.registration, installingMock.registration, tether.registration],
    });
    expect(mock.state.unregistered).toBe(true);
    expect(installingMock.state.unregistered).toBe(true);
    expect(tether.state.unregistered).toBe(false);
  });

  it('does nothing where the browser has no service workers, and a refusal is no failure', async () => {
    await expect(unregisterLeftMockWorker(null)).resolves.toBeUndefined();
    await expect(
      unregisterLeftMockWorker({ getRegistrations: () => Promise.reject(new Error('SecurityError')) }),
    ).resolves.toBeUndefined();
  });

  it('knows a page held by that worker from one held by Tether’s or by none', () => {
    const held = (script: string | null) =>
      heldByLeftMockWorker({
        controller:
          script === null ? null : ({ scriptURL: `http://127.0.0.1:4173${script}` } as ServiceWorker),
      });
    expect(held('/mockServiceWorker.js')).toBe(true);
    expect(held('/sw.js?lang=en')).toBe(false);
    expect(held(null)).toBe(false);
    expect(heldByLeftMockWorker(null)).toBe(false);
  });
});
