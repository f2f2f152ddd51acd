import {
  MOCK_SERVER_ID,
  defaultServerName,
  normaliseServerUrl,
  serverIdFor,
  serversStore,
  type AgentServer,
  type ServerFields,
} from './servers';
import { forgetLlmSettings } from './llmSettings';

// The changes to the list of servers: Add, Edit, Remove, and where new conversations start.

export function addServer(fields: ServerFields): AgentServer {
  const { servers } = serversStore.getState();
  const serverUrl = normaliseServerUrl(fields.serverUrl);
  const server: AgentServer = {
    id: serverIdFor(
      serverUrl,
      servers.map((known) => known.id),
    ),
    name: fields.name.trim() || defaultServerName(serverUrl),
    serverUrl,
    sessionApiKey: fields.sessionApiKey,
  };
  serversStore.setState((state) => ({
    servers: [...state.servers, server],
    // The first server added to an empty list is where conversations start.
    defaultServerId: state.servers.length === 0 ? server.id : state.defaultServerId,
  }));
  return server;
}

/** The id stays, even when the URL changes: addresses and bookmarks keep working. */
export function editServer(id: string, fields: ServerFields): AgentServer | undefined {
  const serverUrl = normaliseServerUrl(fields.serverUrl);
  serversStore.setState((state) => ({
    servers: state.servers.map((server) =>
      server.id === id
        ? {
            ...server,
            name: fields.name.trim() || defaultServerName(serverUrl),
            serverUrl,
            sessionApiKey: fields.sessionApiKey,
          }
        : server,
    ),
  }));
  return serversStore.getState().servers.find((server) => server.id === id);
}

export function removeServer(id: string): void {
  forgetLlmSettings(id);
  serversStore.setState((state) => {
    const servers = state.servers.filter((server) => server.id !== id);
    return {
      servers,
      defaultServerId:
        state.defaultServerId === id ? (servers[0]?.id ?? MOCK_SERVER_ID) : state.defaultServerId,
    };
  });
}

export function makeDefaultServer(id: string): void {
  serversStore.setState({ defaultServerId: id });
}
