import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { secretsClient } from '../../agent-server/secrets';
import type { ConnectionSettings } from '../../agent-server/servers';
import { serverKey } from './server';

// A server's stored secrets: their names and descriptions. Values are written, never read here.

export const secretsKey = (settings: ConnectionSettings) => [...serverKey(settings), 'secrets'] as const;

export const secretsQuery = (settings: ConnectionSettings) =>
  queryOptions({
    queryKey: secretsKey(settings),
    queryFn: () => secretsClient(settings).list(),
  });

/** Adds a secret or gives an existing one a new value; the list is read again after. */
export async function saveSecret(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  secret: { name: string; value: string; description: string | null },
): Promise<void> {
  try {
    await secretsClient(settings).save(secret.name, secret.value, secret.description);
  } finally {
    await queryClient.invalidateQueries({ queryKey: secretsKey(settings) });
  }
}

export async function deleteSecret(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  name: string,
): Promise<void> {
  try {
    await secretsClient(settings).remove(name);
  } finally {
    await queryClient.invalidateQueries({ queryKey: secretsKey(settings) });
  }
}
