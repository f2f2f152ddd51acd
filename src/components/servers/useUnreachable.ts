import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Health } from '../../agent-server/client';
import type { AgentServer } from '../../agent-server/servers';
import { healthKey } from '../../conversation/resources/server';

/**
 * The servers whose last health check found them unreachable, with what it said, read from the
 * query cache the header's checks fill: the list greys their rows at once, without waiting for
 * its own next read of them (a minute, when nothing runs).
 */
export function useUnreachable(servers: readonly AgentServer[]): ReadonlyMap<string, string> {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (changed: () => void) => queryClient.getQueryCache().subscribe(changed),
    [queryClient],
  );
  // One string, so that an unrelated change in the cache renders nothing.
  const snapshot = useSyncExternalStore(subscribe, () =>
    servers
      .flatMap((server) => {
        const health = queryClient.getQueryData<Health>(healthKey(server));
        return health?.kind === 'unreachable' ? [`${server.id}\u0001${health.message}`] : [];
      })
      .join('\u0000'),
  );
  return useMemo(
    () =>
      new Map(
        snapshot ? snapshot.split('\u0000').map((entry) => entry.split('\u0001') as [string, string]) : [],
      ),
    [snapshot],
  );
}
