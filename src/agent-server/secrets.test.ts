import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { MockAgentServer } from '../../mocks/handlers';
import { MockStore } from '../../mocks/store';
import { SecretsClient } from './secrets';
import { MOCK_SERVER_URL } from './servers';

const store = new MockStore();
const msw = setupServer(...new MockAgentServer(store).handlers());
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterAll(() => msw.close());

describe('a server’s secrets for a new conversation', () => {
  const client = new SecretsClient({ serverUrl: MOCK_SERVER_URL, sessionApiKey: '' });

  it('carries every stored secret by name, and leaves out one deleted between the list and its read', async () => {
    await client.save('GITHUB_TOKEN', 'ghp_1', 'Pushes');
    await client.save('NPM_TOKEN', 'npm_2', null);
    expect(await client.list()).toEqual([
      { name: 'GITHUB_TOKEN', description: 'Pushes' },
      { name: 'NPM_TOKEN', description: null },
    ]);
    const read = client.value.bind(client);
    client.value = async (name) => {
      if (name === 'NPM_TOKEN') await client.remove('NPM_TOKEN');
      return read(name);
    };
    try {
      expect(await client.forConversation()).toEqual({
        GITHUB_TOKEN: { kind: 'StaticSecret', value: 'ghp_1' },
      });
    } finally {
      client.value = read;
    }
  });

  it('gives none when the server cannot list them', async () => {
    const offline = new SecretsClient({ serverUrl: 'http://127.0.0.1:9', sessionApiKey: '' });
    expect(await offline.forConversation()).toEqual({});
  });
});
