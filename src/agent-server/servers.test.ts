import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_MOCK,
  MOCK_SERVER_ID,
  MOCK_SERVER_URL,
  migrateServers,
  named,
  serverIdFor,
} from './servers';

describe('the servers this browser knows', () => {
  it('take over the one server of the single-server days, key and all, as the default', () => {
    expect(migrateServers({ serverUrl: 'http://10.0.0.5:8000/', sessionApiKey: 'k1' }, 1)).toEqual({
      servers: [
        {
          id: '10-0-0-5-8000',
          name: '10.0.0.5:8000',
          serverUrl: 'http://10.0.0.5:8000',
          sessionApiKey: 'k1',
        },
      ],
      defaultServerId: '10-0-0-5-8000',
    });
    expect(migrateServers({ serverUrl: MOCK_SERVER_URL, sessionApiKey: '' }, 1)).toEqual({
      servers: [BUILT_IN_MOCK],
      defaultServerId: MOCK_SERVER_ID,
    });
    // What version 2 wrote is kept as it is.
    const current = { servers: [BUILT_IN_MOCK], defaultServerId: 'mock' };
    expect(migrateServers(current, 2)).toBe(current);
  });

  it('are named in addresses by a readable id from their URL, unique in the list', () => {
    expect(serverIdFor('http://127.0.0.1:8000', [])).toBe('127-0-0-1-8000');
    expect(serverIdFor('https://agents.example.com/team/', [])).toBe('agents-example-com-team');
    expect(serverIdFor('http://127.0.0.1:8000', ['127-0-0-1-8000'])).toBe('127-0-0-1-8000-2');
    expect(serverIdFor('http://127.0.0.1:8000', ['127-0-0-1-8000', '127-0-0-1-8000-2'])).toBe(
      '127-0-0-1-8000-3',
    );
    expect(serverIdFor(MOCK_SERVER_URL, [])).toBe(MOCK_SERVER_ID);
    expect(serverIdFor('not a url', [])).toBe('not-a-url');
  });
});

describe('a server kept without a name', () => {
  it('is called by its host', () => {
    const kept = {
      servers: [
        { id: 'a', name: '', serverUrl: 'http://10.0.0.5:8000', sessionApiKey: '' },
        { id: 'b', name: '  ', serverUrl: 'https://agents.example.com/api', sessionApiKey: '' },
        { id: 'c', name: 'Laptop', serverUrl: 'http://127.0.0.1:8000', sessionApiKey: '' },
      ],
      defaultServerId: 'a',
    };
    expect(named(kept).servers.map((server) => server.name)).toEqual([
      '10.0.0.5:8000',
      'agents.example.com',
      'Laptop',
    ]);
    const whole = { servers: [BUILT_IN_MOCK], defaultServerId: MOCK_SERVER_ID };
    expect(named(whole)).toBe(whole);
  });
});
