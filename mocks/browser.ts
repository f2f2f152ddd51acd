import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers';
import { seedStore } from './fixtures';
import { MockStore } from './store';

declare global {
  interface Window {
    /** The mock agent-server's store, for tests and for poking at it from the console. */
    __tetherMock?: MockStore;
  }
}

export async function startMockAgentServer(): Promise<MockStore> {
  const store = new MockStore();
  seedStore(store);
  window.__tetherMock = store;
  const worker = setupWorker(...createHandlers(store));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  return store;
}
