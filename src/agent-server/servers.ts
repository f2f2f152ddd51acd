import { create } from 'zustand';
import { persist } from 'zustand/middleware';

// The agent-servers this browser knows: each with a name, its URL and session key, kept in this
// browser only (localStorage). A key is sent in a header, never in an address; addresses name a
// server by its id. One of them is where new conversations start.

/** The built-in mock agent-server (MSW) answers at this address inside the page. */
export const MOCK_SERVER_URL = 'http://mock-agent-server.localhost';
/** A second built-in mock, so that several servers can be tried without running any. */
export const SECOND_MOCK_SERVER_URL = 'http://second-mock-agent-server.localhost';
/** A third, which wants a session key (`third-key`): a server that refuses a wrong one. */
export const THIRD_MOCK_SERVER_URL = 'http://third-mock-agent-server.localhost';
export const MOCK_SERVER_ID = 'mock';

/** What a call to one server needs: where it is and the key it wants. */
export interface ConnectionSettings {
  serverUrl: string;
  sessionApiKey: string;
}

export interface AgentServer extends ConnectionSettings {
  /** Stable for as long as the server is kept, even when its URL is edited: addresses use it. */
  id: string;
  name: string;
}

export type ServerFields = Pick<AgentServer, 'name' | 'serverUrl' | 'sessionApiKey'>;

export interface ServersState {
  servers: AgentServer[];
  /** Where the New conversation form starts conversations unless told otherwise. */
  defaultServerId: string;
}

export const BUILT_IN_MOCK: AgentServer = {
  id: MOCK_SERVER_ID,
  name: 'Built-in mock',
  serverUrl: MOCK_SERVER_URL,
  sessionApiKey: '',
};

export function normaliseServerUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** A readable id from the server's address (`127-0-0-1-8000`), unique among `taken`. */
export function serverIdFor(serverUrl: string, taken: readonly string[]): string {
  if (serverUrl === MOCK_SERVER_URL && !taken.includes(MOCK_SERVER_ID)) return MOCK_SERVER_ID;
  let base: string;
  try {
    const url = new URL(serverUrl);
    base = `${url.host}${url.pathname}`;
  } catch {
    base = serverUrl;
  }
  base =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'server';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** A name for a server nobody named: its host. */
export function defaultServerName(serverUrl: string): string {
  if (serverUrl === MOCK_SERVER_URL) return BUILT_IN_MOCK.name;
  if (serverUrl === SECOND_MOCK_SERVER_URL) return 'Second built-in mock';
  if (serverUrl === THIRD_MOCK_SERVER_URL) return 'Third built-in mock';
  try {
    return new URL(serverUrl).host;
  } catch {
    return serverUrl;
  }
}

/**
 * Version 1 held one server (`serverUrl`, `sessionApiKey`); it becomes the only entry of the
 * list, and the default, without the person doing anything.
 */
export function migrateServers(persisted: unknown, version: number): ServersState {
  if (version < 2 && persisted && typeof persisted === 'object') {
    const old = persisted as Partial<ConnectionSettings>;
    const serverUrl = normaliseServerUrl(String(old.serverUrl ?? '')) || MOCK_SERVER_URL;
    if (serverUrl === MOCK_SERVER_URL) return { servers: [BUILT_IN_MOCK], defaultServerId: MOCK_SERVER_ID };
    const id = serverIdFor(serverUrl, []);
    return {
      servers: [
        { id, name: defaultServerName(serverUrl), serverUrl, sessionApiKey: String(old.sessionApiKey ?? '') },
      ],
      defaultServerId: id,
    };
  }
  return named(persisted as ServersState);
}

/**
 * Every server has a name: one kept without (edited by hand, or by a version that allowed it)
 * is called by its host, so no message about it starts with a bare colon.
 */
export function named(state: ServersState): ServersState {
  if (!state?.servers?.some((server) => !server.name?.trim())) return state;
  return {
    ...state,
    servers: state.servers.map((server) =>
      server.name?.trim() ? server : { ...server, name: defaultServerName(server.serverUrl) },
    ),
  };
}

/** The list as kept; its changes are made in serverCommands.ts, loaded with the forms that make them. */
export const serversStore = create<ServersState>()(
  persist(
    (): ServersState => ({ servers: [BUILT_IN_MOCK], defaultServerId: MOCK_SERVER_ID }),
    // The key of version 1 (one server) is kept, so that its settings migrate in place.
    {
      name: 'tether.connection',
      version: 2,
      migrate: migrateServers,
      merge: (persisted, current) => named({ ...current, ...(persisted as Partial<ServersState>) }),
    },
  ),
);

export const useServers = () => serversStore((s) => s.servers);
export const useDefaultServerId = () => serversStore((s) => s.defaultServerId);
export const useServer = (id: string | undefined) =>
  serversStore((s) => s.servers.find((server) => server.id === id));

export const readServers = (): readonly AgentServer[] => serversStore.getState().servers;

/** The server new conversations go to (and old single-server addresses mean). */
export function readDefaultServer(): AgentServer | undefined {
  const { servers, defaultServerId } = serversStore.getState();
  return servers.find((server) => server.id === defaultServerId) ?? servers[0];
}

export const isMockServer = (settings: ConnectionSettings) =>
  [MOCK_SERVER_URL, SECOND_MOCK_SERVER_URL, THIRD_MOCK_SERVER_URL].includes(settings.serverUrl);
