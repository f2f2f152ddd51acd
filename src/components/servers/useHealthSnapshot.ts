import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isHealthKey } from '../../conversation/resources/server';

/**
 * What `read` makes of the servers' health reads in the query cache, made again only when one of
 * those reads changes. (Listening to the whole cache, every fetch anywhere made it again, and a
 * list row's query, added while that row rendered, did so inside the row's render: React warned
 * of a state update in another component's render.) `read` returns one string, so that a change
 * that leaves it the same renders nothing.
 */
export function useHealthSnapshot(read: (queryClient: QueryClient) => string): string {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (changed: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (isHealthKey(event.query.queryKey)) changed();
      }),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => read(queryClient));
}
