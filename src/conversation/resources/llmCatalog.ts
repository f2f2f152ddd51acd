import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Health } from '../../agent-server/client';
import { llmCatalogClient } from '../../agent-server/llmCatalog';
import { probeAddress } from '../../agent-server/reachability';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { LlmSettings } from '../../agent-server/llmSettings';
import { findModelProblem, type ModelProblem } from '../model/modelCheck';
import { healthKey, serverKey } from './server';

// What a server's LLM library knows, read once per server (it changes only with the server's
// version), and the check of the person's model settings that uses it.

const llmCatalogKey = (settings: ConnectionSettings) => [...serverKey(settings), 'llm-catalog'] as const;

export const llmProvidersQuery = (settings: ConnectionSettings) =>
  queryOptions({
    queryKey: [...llmCatalogKey(settings), 'providers'] as const,
    queryFn: () => llmCatalogClient(settings).providers(),
    staleTime: Infinity,
  });

export const llmModelsQuery = (settings: ConnectionSettings) =>
  queryOptions({
    queryKey: [...llmCatalogKey(settings), 'models'] as const,
    queryFn: () => llmCatalogClient(settings).models(),
    staleTime: Infinity,
  });

/** A list the server could not give (an older server, a failure) checks nothing. */
const setOrNothing = (list: Promise<string[]>) =>
  list.then(
    (items) => new Set(items),
    () => undefined,
  );

/** The first sure problem with model settings about to be used on this server, or none. */
export function checkModelSettings(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  llm: LlmSettings,
): Promise<ModelProblem | undefined> {
  const health = queryClient.getQueryData<Health>(healthKey(settings));
  return findModelProblem(llm, {
    providers: async () =>
      (await setOrNothing(queryClient.fetchQuery(llmProvidersQuery(settings)))) ?? new Set(),
    models: () => setOrNothing(queryClient.fetchQuery(llmModelsQuery(settings))),
    probe: (url) => probeAddress(url),
    server: { url: settings.serverUrl, runtime: health?.kind === 'reachable' ? health.runtime : undefined },
    pageProtocol: window.location.protocol,
  });
}
