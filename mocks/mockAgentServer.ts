import { setupWorker } from 'msw/browser';
import { MockAgentServer } from './handlers';
import {
  seedBenchConversations,
  seedManyConversations,
  seedBoardConversations,
  seedSecondServer,
  seedStore,
  seedThirdServer,
} from './fixtures';
import { SECOND_MOCK_SERVER_URL, THIRD_MOCK_SERVER_URL } from '../src/agent-server/servers';
import { JOURNAL_KEY, MockStore } from './store';
import type { MockTab } from './agent';

declare global {
  interface Window {
    /** The mock agent-server, for tests and for poking at it from the console. */
    __tetherMock?: MockAgentServer;
    /** The second built-in mock, another server with conversations of its own. */
    __tetherSecondMock?: MockAgentServer;
    /** The third, which wants a session key. */
    __tetherThirdMock?: MockAgentServer;
  }
}

export async function startMockAgentServer(): Promise<MockAgentServer> {
  // The bench takes the mock's start out of what the app takes: a real deployment has none.
  performance.mark('tether:mock-start');
  // Changes are kept in localStorage: a reload finds the same conversations (and runs), and so
  // does every other tab of this browser, live (see followOtherTabs).
  const store = new MockStore(() => new Date(), window.localStorage);
  seedStore(store);
  // Long conversations for benchmarks, only when asked for: they cost memory and start-up time.
  const seed = new URLSearchParams(window.location.search).get('seed');
  if (seed === 'bench') seedBenchConversations(store);
  // The inbox figure (`?seed=inbox`): 500 conversations on each of the three servers.
  if (seed === 'inbox') seedManyConversations(store, '0b1e0001', 500, 200 * 3600_000);
  // The board figure (`?seed=board`): 200 conversations at rest on each of the three servers.
  if (seed === 'board') seedBoardConversations(store, '0b0a7d01', 200, Date.now());
  store.sealSeeds();
  store.restore();
  // `?socket=legacy` plays an agent-server older than the session socket.
  const params = new URLSearchParams(window.location.search);
  const tab = mockTab();
  const server = new MockAgentServer(store, { sessionSocket: params.get('socket') !== 'legacy', tab });
  window.__tetherMock = server;
  const hold = window.sessionStorage.getItem('tether.mock-hold');
  if (hold) server.holdRequests(new RegExp(hold));
  // `tether.mock-down`: the server is away from the start (a browser offline, a server stopped).
  if (window.sessionStorage.getItem('tether.mock-down')) server.setDown(true);
  // The second mock plays another machine: a few conversations of its own, kept in memory only
  // (a reload starts it afresh), so that several servers can be tried without running any.
  const secondStore = new MockStore(() => new Date());
  seedSecondServer(secondStore);
  const second = new MockAgentServer(secondStore, { sessionSocket: true, baseUrl: SECOND_MOCK_SERVER_URL });
  window.__tetherSecondMock = second;
  const thirdStore = new MockStore(() => new Date());
  seedThirdServer(thirdStore);
  const third = new MockAgentServer(thirdStore, { sessionSocket: true, baseUrl: THIRD_MOCK_SERVER_URL });
  window.__tetherThirdMock = third;
  if (seed === 'inbox') {
    seedManyConversations(secondStore, '0b1e0002', 500, 200 * 3600_000 + 1200_000);
    seedManyConversations(thirdStore, '0b1e0003', 500, 200 * 3600_000 + 2400_000);
  }
  if (seed === 'board') {
    seedBoardConversations(secondStore, '0b0a7d02', 200, Date.now() - 300_000);
    seedBoardConversations(thirdStore, '0b0a7d03', 200, Date.now() - 600_000);
  }
  const worker = setupWorker(
    ...server.handlers(),
    ...second.restAndSocketHandlers(),
    ...third.restAndSocketHandlers(),
  );
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  performance.mark('tether:mock-ready');
  server.agent.resumeAll();
  second.agent.resumeAll();
  third.agent.resumeAll();
  window.addEventListener('storage', (event) => {
    if (event.key === JOURNAL_KEY && event.newValue) server.followOtherTab(event.newValue);
  });
  return server;
}

const TAB_KEY = 'tether.mock-tab';
const ALIVE_PREFIX = 'tether.mock-tab-alive.';
const ALIVE_EVERY_MS = 2000;

/** This tab's id (kept across its reloads) and a heartbeat the other tabs can see. */
function mockTab(): MockTab {
  let id = window.sessionStorage.getItem(TAB_KEY);
  if (!id) window.sessionStorage.setItem(TAB_KEY, (id = crypto.randomUUID()));
  const beat = () => window.localStorage.setItem(`${ALIVE_PREFIX}${id}`, String(Date.now()));
  beat();
  window.setInterval(beat, ALIVE_EVERY_MS);
  window.addEventListener('pagehide', () => window.localStorage.removeItem(`${ALIVE_PREFIX}${id}`));
  return {
    id,
    isAlive: (other) =>
      Date.now() - Number(window.localStorage.getItem(`${ALIVE_PREFIX}${other}`) ?? 0) < 3 * ALIVE_EVERY_MS,
  };
}
