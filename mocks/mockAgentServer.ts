import { setupWorker } from 'msw/browser';
import { MockAgentServer } from './handlers';
import { seedBenchConversations, seedStore } from './fixtures';
import { MockStore } from './store';

declare global {
  interface Window {
    /** The mock agent-server, for tests and for poking at it from the console. */
    __tetherMock?: MockAgentServer;
  }
}

export async function startMockAgentServer(): Promise<MockAgentServer> {
  // Changes are kept for the tab's life, so a reload finds the same conversations (and runs).
  const store = new MockStore(() => new Date(), window.sessionStorage);
  seedStore(store);
  // Long conversations for benchmarks, only when asked for: they cost memory and start-up time.
  if (new URLSearchParams(window.location.search).get('seed') === 'bench') seedBenchConversations(store);
  store.sealSeeds();
  store.restore();
  // `?socket=legacy` plays an agent-server older than the session socket.
  const params = new URLSearchParams(window.location.search);
  const server = new MockAgentServer(store, { sessionSocket: params.get('socket') !== 'legacy' });
  window.__tetherMock = server;
  const worker = setupWorker(...server.handlers());
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  server.agent.resumeAll();
  return server;
}
