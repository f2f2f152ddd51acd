import { SettingsClient } from '@openhands/typescript-client/clients';
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
  private readonly settings: SettingsClient;

  constructor({ serverUrl, sessionApiKey }: ConnectionSettings) {
    this.settings = new SettingsClient({
      host: serverUrl,
      apiKey: sessionApiKey || undefined,
      timeout: 30_000,
    });
  }

  async list(): Promise<SecretItem[]> {
    const { secrets } = await this.settings.listSecrets();
    return (secrets ?? []).map(({ name, description }) => ({ name, description: description ?? null }));
  }

  /** Adds a secret or replaces one of that name; a description not given is cleared. */
  async save(name: string, value: string, description: string | null): Promise<void> {
    await this.settings.upsertSecret({ name, value, ...(description ? { description } : {}) });
  }

  async remove(name: string): Promise<void> {
    await this.settings.deleteSecret(name);
  }

  /** The raw value, only to hand it to a conversation: it is never shown. */
  value(name: string): Promise<string> {
    return this.settings.getSecret(name);
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
