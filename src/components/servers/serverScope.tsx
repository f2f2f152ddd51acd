import { createContext, useContext } from 'react';
import type { AgentServer } from '../../agent-server/servers';

// Everything under a scope talks to one agent-server: an open conversation to the server its
// address names, a row of the inbox to the server it came from, the New conversation form to the
// server chosen in it. Parts read their server from here, never from a global.

const ServerContext = createContext<AgentServer | undefined>(undefined);

export const ServerScope = ServerContext.Provider;

/** The server of the part being drawn; a part drawn outside every scope is a mistake. */
export function useScopedServer(): AgentServer {
  const server = useContext(ServerContext);
  if (!server) throw new Error('useScopedServer: this part is not inside a ServerScope');
  return server;
}
