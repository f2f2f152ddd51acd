import type { NetworkApi, NetworkSource } from 'msw/experimental';

/** One request the page made of a built-in mock: what it asked, and when it was answered. */
export interface MockRequest {
  method: string;
  /** The whole address, its query included. */
  url: string;
  /** `performance.now()` when the page asked, and when the mock's answer was ready. */
  start: number;
  end?: number;
  status?: number;
}

declare global {
  interface Window {
    /**
     * Every request this page made of the built-in mocks, in the order asked. The mocks answer
     * inside the page, so these never reach the browser's network log (DevTools' Network panel,
     * resource timing): tests and a developer read them here.
     */
    __tetherMockRequests?: MockRequest[];
  }
}

/** How many requests the log keeps; far more than a test's page makes. */
const KEPT_AT_MOST = 20_000;

/** Keeps, in `log`, what the page asks of the given origins through `network`, with its answer. */
export function logMockRequests(
  network: Pick<NetworkApi<NetworkSource[]>, 'events'>,
  origins: ReadonlySet<string>,
  log: MockRequest[],
): void {
  const open = new Map<string, MockRequest>();
  network.events.on('request:start', ({ requestId, request }: { requestId: string; request: Request }) => {
    if (!origins.has(new URL(request.url).origin)) return;
    const entry: MockRequest = { method: request.method, url: request.url, start: performance.now() };
    open.set(requestId, entry);
    log.push(entry);
    // A tab left open on the mock for days polls on: it keeps the newest, not all.
    if (log.length > KEPT_AT_MOST) log.splice(0, log.length - KEPT_AT_MOST / 2);
  });
  network.events.on(
    'response:mocked',
    ({ requestId, response }: { requestId: string; response: Response }) => {
      const entry = open.get(requestId);
      if (!entry) return;
      open.delete(requestId);
      entry.end = performance.now();
      entry.status = response.status;
    },
  );
}
