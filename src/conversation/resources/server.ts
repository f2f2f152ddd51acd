import { queryOptions } from '@tanstack/react-query';
import { agentServerClients, checkHealth } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';

// Query keys go from general to specific: the server (its URL and key), then the resource.

export const serverKey = (settings: ConnectionSettings) =>
  ['agent-server', settings.serverUrl, settings.sessionApiKey] as const;

export const healthKey = (settings: ConnectionSettings) => [...serverKey(settings), 'health'] as const;

export const healthQuery = (settings: ConnectionSettings) =>
  queryOptions({
    queryKey: healthKey(settings),
    queryFn: () => checkHealth(agentServerClients(settings)),
    // A server that dies with a conversation open is noticed by its socket at once
    // (serverTrouble.ts); one that nothing reads from, by this.
    refetchInterval: 15_000,
    // Each part showing a server's health (the header, the servers list, the workspace's tabs)
    // mounts at its own moment: one check a few seconds old answers them all.
    staleTime: 10_000,
  });
