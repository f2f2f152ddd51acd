import { describe, expect, it } from 'vitest';
import { unregisterMockWorkerWhen } from './leaveMockWorker';

// Letting the mock's service worker go, on a fake container.

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

describe('unregisterMockWorkerWhen', () => {
  it('unregisters the mock’s worker once the mock is unused, and no other worker', async () => {
    const mock = registration('/mockServiceWorker.js');
    const installingMock = registration('/mockServiceWorker.js', 'installing');
    const tether = registration('/sw.js');
    let unused: (() => void) | undefined;
    unregisterMockWorkerWhen((then) => (unused = then), {
      getRegistrations: async () => [mock.registration, installingMock.registration, tether.registration],
    });
    await Promise.resolve();
    expect(mock.state.unregistered).toBe(false);
    unused!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mock.state.unregistered).toBe(true);
    expect(installingMock.state.unregistered).toBe(true);
    expect(tether.state.unregistered).toBe(false);
  });

  it('does nothing where the browser has no service workers', () => {
    let asked = false;
    unregisterMockWorkerWhen(() => (asked = true), null);
    expect(asked).toBe(false);
  });
});
