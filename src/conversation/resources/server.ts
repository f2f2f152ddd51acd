import { queryOptions } from '@tanstack/react-query';
import { agentServerClients, checkHealth, type Health } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';
import { forgetServerFacts, keepServerFacts, keptServerFacts } from '../../agent-server/serverFacts';

// Query keys go from general to specific: the server (its URL and key), then the resource.

export const serverKey = (settings: ConnectionSettings) =>
  ['agent-server', settings.serverUrl, settings.sessionApiKey] as const;

export const healthKey = (settings: ConnectionSettings) => [...serverKey(settings), 'health'] as const;

/**
 * A server's health, with the details it gave of itself kept in this browser (serverFacts.ts):
 * they are read again only with `freshFacts`, or when none are kept. A server that cannot be
 * reached has them forgotten, for it may come back as another version.
 */
export async function checkServerHealth(
  settings: ConnectionSettings,
  { freshFacts = false }: { freshFacts?: boolean } = {},
): Promise<Health> {
  const kept = freshFacts ? undefined : keptServerFacts(settings.serverUrl);
  const health = await checkHealth(agentServerClients(settings), kept);
  if (health.kind === 'unreachable') forgetServerFacts(settings.serverUrl);
  else if (health.kind === 'reachable' && !kept) keepServerFacts(settings.serverUrl, health);
  return health;
}

export const healthQuery = (settings: ConnectionSettings, { freshFacts = false } = {}) =>
  queryOptions({
    queryKey: healthKey(settings),
    queryFn: () => checkServerHealth(settings, { freshFacts }),
    // A server that dies with a conversation open is noticed by its socket at once
    // (serverTrouble.ts); one that nothing reads from, by this.
    refetchInterval: 15_000,
    // Each part showing a server's health (the header, the servers list, the workspace's tabs)
    // mounts at its own moment: one check a few seconds old answers them all.
    staleTime: 10_000,
  });
