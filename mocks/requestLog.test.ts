import { describe, expect, it } from 'vitest';
import { logMockRequests, type MockRequest } from './requestLog';

// The mock's own record of requests, on a stand-in for MSW's network events.

function network() {
  const listeners = new Map<string, (event: unknown) => void>();
  return {
    events: { on: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener) },
    emit: (type: string, event: unknown) => listeners.get(type)?.(event),
  };
}

const MOCK = 'http://mock-agent-server.localhost';

describe('logMockRequests', () => {
  it('keeps each request to a mock in order, with its status once answered, and none elsewhere', () => {
    const fake = network();
    const log: MockRequest[] = [];
    logMockRequests(fake as never, new Set([MOCK]), log);
    fake.emit('request:start', { requestId: 'a', request: new Request(`${MOCK}/server_info`) });
    fake.emit('request:start', { requestId: 'b', request: new Request('http://127.0.0.1:4173/favicon.svg') });
    fake.emit('request:start', {
      requestId: 'c',
      request: new Request(`${MOCK}/api/conversations/search?limit=20`, { method: 'GET' }),
    });
    fake.emit('response:mocked', { requestId: 'c', response: new Response(null, { status: 503 }) });
    expect(log.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
      { method: 'GET', url: `${MOCK}/server_info`, status: undefined },
      { method: 'GET', url: `${MOCK}/api/conversations/search?limit=20`, status: 503 },
    ]);
    expect(log[1]!.end).toBeGreaterThanOrEqual(log[1]!.start);
    expect(log[0]!.end).toBeUndefined();
  });

  it('keeps the newest when a long-open tab has asked for more than it holds', () => {
    const fake = network();
    const log: MockRequest[] = [];
    logMockRequests(fake as never, new Set([MOCK]), log);
    for (let n = 0; n <= 20_000; n++)
      fake.emit('request:start', { requestId: String(n), request: new Request(`${MOCK}/health?n=${n}`) });
    expect(log.length).toBe(10_000);
    expect(log.at(-1)!.url).toBe(`${MOCK}/health?n=20000`);
  });
});
