import { HttpClient } from '@openhands/typescript-client/client/http-client';
import { httpStatus } from './client';
import { clientPerServer } from './runtimeRoutes';
import type { ConnectionSettings } from './servers';

// Where the server keeps a model key (provider_connections_router.py, the same in 1.57.0 and
// 1.58.2): a "provider connection" holds a key and a base URL, encrypted with the server's
// OH_SECRET_KEY, and answers with its id and `api_key_set`, never the key. An LLM that names it
// (`provider_connection_id`) is given its key and base URL when the server installs that LLM
// (`POST /switch_llm`); a start request does not resolve it. Tether keeps only the id.

/** What Tether names its connections on a server, so a person can tell them apart. */
export const CONNECTION_NAME = 'Tether';

interface ConnectionAnswer {
  id: string;
  api_key_set?: boolean;
}

/** The connection that held the key is gone from the server, and no new key was given. */
export class KeptKeyGone extends Error {}

export class ProviderConnectionsClient {
  private readonly http: HttpClient;

  constructor({ serverUrl, sessionApiKey }: ConnectionSettings) {
    this.http = new HttpClient({ baseUrl: serverUrl, apiKey: sessionApiKey || undefined, timeout: 30_000 });
  }

  /** Whether the server has the routes (older servers answer 404). */
  async available(): Promise<boolean> {
    try {
      await this.http.get('/api/llm/provider-connections');
      return true;
    } catch (error) {
      if (httpStatus(error) === 404) return false;
      throw error;
    }
  }

  /**
   * Keeps a key (and the base URL it goes to) on the server, and gives the connection's id. With
   * the id of a connection kept before, that one is changed; with no new key, only its base URL.
   * A connection gone from the server (deleted, or a server that lost its files) is made again,
   * which needs the key.
   */
  async keep(key: string, baseUrl: string, kept: string | undefined): Promise<string> {
    const base_url = baseUrl || null;
    if (kept) {
      try {
        const { data } = await this.http.patch<ConnectionAnswer>(
          `/api/llm/provider-connections/${encodeURIComponent(kept)}`,
          { base_url, ...(key ? { api_key: key } : {}) },
        );
        return data.id;
      } catch (error) {
        if (httpStatus(error) !== 404) throw error;
        if (!key) throw new KeptKeyGone();
      }
    }
    const { data } = await this.http.post<ConnectionAnswer>('/api/llm/provider-connections', {
      display_name: CONNECTION_NAME,
      api_key: key,
      base_url,
    });
    return data.id;
  }

  /** Deletes a kept key; one already gone counts as deleted. */
  async forget(id: string): Promise<void> {
    try {
      await this.http.delete(`/api/llm/provider-connections/${encodeURIComponent(id)}`);
    } catch (error) {
      if (httpStatus(error) !== 404) throw error;
    }
  }
}

export const providerConnectionsClient = clientPerServer(
  (settings) => new ProviderConnectionsClient(settings),
);
