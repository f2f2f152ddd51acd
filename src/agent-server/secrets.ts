import { HttpClient } from '@openhands/typescript-client/client/http-client';
import { clientPerServer } from './runtimeRoutes';
import type { ConnectionSettings } from './servers';

// The server's stored secrets (settings_router.py, the same in 1.57.0 and 1.58.2): names and
// descriptions listed, a value written with an upsert and read back raw by name. The server does
// not hand them to conversations by itself: a conversation gets the ones its start request names
// (`secrets`), as environment variables its commands can use, masked in what the agent reads.

/** A stored secret as listed: never its value. */
export interface SecretItem {
  name: string;
  description: string | null;
}

/** What the server accepts as a name (SECRET_NAME_PATTERN): it answers 422 to anything else. */
export const SECRET_NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;

/** A secret as a conversation's start request carries it. */
export interface StaticSecret {
  kind: 'StaticSecret';
  value: string;
}

export class SecretsClient {
  // The library's SettingsClient comes only through its barrel of every client, which would put
  // them all in the first load; its transport is enough for these four routes.
  private readonly http: HttpClient;

  constructor({ serverUrl, sessionApiKey }: ConnectionSettings) {
    this.http = new HttpClient({ baseUrl: serverUrl, apiKey: sessionApiKey || undefined, timeout: 30_000 });
  }

  async list(): Promise<SecretItem[]> {
    const { data } = await this.http.get<{ secrets?: SecretItem[] }>('/api/settings/secrets');
    return (data.secrets ?? []).map(({ name, description }) => ({ name, description: description ?? null }));
  }

  /** Adds a secret or replaces one of that name; a description not given is cleared. */
  async save(name: string, value: string, description: string | null): Promise<void> {
    await this.http.put('/api/settings/secrets', { name, value, ...(description ? { description } : {}) });
  }

  async remove(name: string): Promise<void> {
    await this.http.delete(`/api/settings/secrets/${encodeURIComponent(name)}`);
  }

  /** The raw value, only to hand it to a conversation: it is never shown. */
  async value(name: string): Promise<string> {
    const { data } = await this.http.get<string>(`/api/settings/secrets/${encodeURIComponent(name)}`, {
      responseType: 'text',
    });
    return data;
  }

  /**
   * Every stored secret, for a conversation's start request. A secret deleted between the list
   * and its read is left out; a server without the secrets routes gives none.
   */
  async forConversation(): Promise<Record<string, StaticSecret>> {
    const items = await this.list().catch(() => []);
    const values = await Promise.all(
      items.map(async ({ name }) => [name, await this.value(name).catch(() => undefined)] as const),
    );
    const secrets: Record<string, StaticSecret> = {};
    for (const [name, value] of values) if (value) secrets[name] = { kind: 'StaticSecret', value };
    return secrets;
  }
}

export const secretsClient = clientPerServer((settings) => new SecretsClient(settings));
