// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { checkServerHealth } from './server';
import { FACTS_KEPT_MS, keepServerFacts, keptServerFacts } from '../../agent-server/serverFacts';

// A server's health is read every 15 s and on every page load; what it says of itself (its
// version, runtime and tools, 1.4 kB on 1.58.2) only when it may have changed.

const settings = { serverUrl: 'http://health.test', sessionApiKey: 'session-key' };
const server = setupServer();
let infoReads = 0;
let countReads = 0;
let up = true;
let version = '1.58.2';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  infoReads = 0;
  countReads = 0;
  up = true;
  version = '1.58.2';
  server.use(
    http.get(`${settings.serverUrl}/server_info`, () => {
      infoReads++;
      if (!up) return HttpResponse.error();
      return HttpResponse.json({ version, conversation_runtime: 'local', usable_tools: ['terminal'] });
    }),
    http.get(`${settings.serverUrl}/api/conversations/count`, ({ request }) => {
      countReads++;
      if (!up) return HttpResponse.error();
      if (request.headers.get('X-Session-API-Key') !== 'session-key')
        return HttpResponse.json({ detail: 'Unauthorized' }, { status: 401 });
      return HttpResponse.json(2);
    }),
  );
});
afterAll(() => server.close());

const reachable = (v: string) => ({
  kind: 'reachable',
  version: v,
  runtime: 'local',
  usableTools: ['terminal'],
});

describe("a server's health", () => {
  it("reads the server's details once, then proves the key alone with the count", async () => {
    expect(await checkServerHealth(settings)).toEqual(reachable('1.58.2'));
    expect(await checkServerHealth(settings)).toEqual(reachable('1.58.2'));
    expect(await checkServerHealth(settings)).toEqual(reachable('1.58.2'));
    expect([infoReads, countReads]).toEqual([1, 3]);
  });

  it('tells a wrong key with the kept details, and reads none for it', async () => {
    await checkServerHealth(settings);
    expect(await checkServerHealth({ ...settings, sessionApiKey: 'wrong' })).toEqual({ kind: 'wrong-key' });
    expect(infoReads).toBe(1);
  });

  it('reads them again once the server was out of reach: it may come back as another version', async () => {
    await checkServerHealth(settings);
    up = false;
    expect((await checkServerHealth(settings)).kind).toBe('unreachable');
    up = true;
    version = '1.59.0';
    expect(await checkServerHealth(settings)).toEqual(reachable('1.59.0'));
    expect(infoReads).toBe(2);
  });

  it('reads them again when asked for fresh ones (the Servers dialog, a new conversation)', async () => {
    await checkServerHealth(settings);
    version = '1.59.0';
    expect(await checkServerHealth(settings)).toEqual(reachable('1.58.2'));
    expect(await checkServerHealth(settings, { freshFacts: true })).toEqual(reachable('1.59.0'));
    expect(await checkServerHealth(settings)).toEqual(reachable('1.59.0'));
    expect(infoReads).toBe(2);
  });
});

describe("a server's kept details", () => {
  it('are taken for a day, and then read again', () => {
    keepServerFacts(settings.serverUrl, { version: '1.58.2' }, 1_000);
    expect(keptServerFacts(settings.serverUrl, 1_000 + FACTS_KEPT_MS - 1)).toEqual({ version: '1.58.2' });
    expect(keptServerFacts(settings.serverUrl, 1_000 + FACTS_KEPT_MS)).toBeUndefined();
    // A clock set back since: not taken on trust either.
    expect(keptServerFacts(settings.serverUrl, 999)).toBeUndefined();
  });

  it('keep the fields of details alone, and read storage they did not write as none kept', () => {
    keepServerFacts(settings.serverUrl, { ...reachable('1.58.2') } as never, 5);
    expect(JSON.parse(localStorage.getItem(`tether.serverFacts:${settings.serverUrl}`)!).details).toEqual({
      version: '1.58.2',
      runtime: 'local',
      usableTools: ['terminal'],
    });
    localStorage.setItem(`tether.serverFacts:${settings.serverUrl}`, '{"readAt":5}');
    expect(keptServerFacts(settings.serverUrl, 6)).toBeUndefined();
    localStorage.setItem(`tether.serverFacts:${settings.serverUrl}`, 'not json');
    expect(keptServerFacts(settings.serverUrl, 6)).toBeUndefined();
    localStorage.setItem(
      `tether.serverFacts:${settings.serverUrl}`,
      '{"readAt":5,"details":{"version":7,"usableTools":["a",1]}}',
    );
    expect(keptServerFacts(settings.serverUrl, 6)).toEqual({ usableTools: ['a'] });
  });
});
