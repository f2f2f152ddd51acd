import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MockAgentServer } from '../../mocks/handlers';
import { MockStore } from '../../mocks/store';
import { KeptKeyGone, ProviderConnectionsClient } from './providerConnections';
import { MOCK_SERVER_URL } from './servers';

const store = new MockStore();
const msw = setupServer(...new MockAgentServer(store).handlers());
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterAll(() => msw.close());

describe('a model key kept on the server', () => {
  const client = new ProviderConnectionsClient({ serverUrl: MOCK_SERVER_URL, sessionApiKey: '' });

  it('is kept once and changed in place: a new key, a new base URL, or the base URL alone', async () => {
    expect(await client.available()).toBe(true);
    const id = await client.keep('sk-first', 'http://llm.local/v1', undefined);
    expect(store.providerConnections.get(id)).toMatchObject({
      api_key: 'sk-first',
      base_url: 'http://llm.local/v1',
    });
    expect(await client.keep('sk-second', '', id)).toBe(id);
    expect(store.providerConnections.get(id)).toMatchObject({ api_key: 'sk-second', base_url: null });
    expect(await client.keep('', 'http://other.local/v1', id)).toBe(id);
    expect(store.providerConnections.get(id)).toMatchObject({
      api_key: 'sk-second',
      base_url: 'http://other.local/v1',
    });
    expect(store.providerConnections.list()).toHaveLength(1);
  });

  it('is made again when the server lost it and a key is given; without one, says it is gone', async () => {
    const id = await client.keep('sk-lost', '', undefined);
    store.providerConnections.delete(id);
    await expect(client.keep('', '', id)).rejects.toBeInstanceOf(KeptKeyGone);
    const again = await client.keep('sk-again', '', id);
    expect(again).not.toBe(id);
    expect(store.providerConnections.get(again)?.api_key).toBe('sk-again');
  });

  it('is deleted when the person keeps it elsewhere; one already gone is no error', async () => {
    const id = await client.keep('sk-leaving', '', undefined);
    await client.forget(id);
    expect(store.providerConnections.get(id)).toBeUndefined();
    await expect(client.forget(id)).resolves.toBeUndefined();
  });

  it('cannot be kept by a server without the routes', async () => {
    msw.use(
      http.get(`${MOCK_SERVER_URL}/api/llm/provider-connections`, () =>
        HttpResponse.json({}, { status: 404 }),
      ),
    );
    try {
      expect(await client.available()).toBe(false);
    } finally {
      msw.resetHandlers();
    }
  });
});
