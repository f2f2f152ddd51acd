import { HttpClient } from '@openhands/typescript-client/client/http-client';
import { isRecord } from './protocol';
import { clientPerServer } from './runtimeRoutes';
import type { ConnectionSettings } from './servers';

// What the server's LLM library (LiteLLM) knows (llm_router.py, the same in 1.57.0 and 1.58.2):
// its providers, and every model name it has prices or routes for. Neither tries a model: they
// tell only whether the library can tell which provider to call for a name.

const strings = (data: unknown, field: string): string[] =>
  isRecord(data) && Array.isArray(data[field])
    ? data[field].filter((item): item is string => typeof item === 'string')
    : [];

export class LlmCatalogClient {
  // The library's LLM client comes only through its barrel of every client; its transport is enough.
  private readonly http: HttpClient;

  constructor({ serverUrl, sessionApiKey }: ConnectionSettings) {
    this.http = new HttpClient({ baseUrl: serverUrl, apiKey: sessionApiKey || undefined, timeout: 30_000 });
  }

  async providers(): Promise<string[]> {
    const { data } = await this.http.get<unknown>('/api/llm/providers');
    return strings(data, 'providers');
  }

  /** Every model name the library knows (about 4,000; 130 kB): read only for a name with no provider. */
  async models(): Promise<string[]> {
    const { data } = await this.http.get<unknown>('/api/llm/models');
    return strings(data, 'models');
  }
}

export const llmCatalogClient = clientPerServer((settings) => new LlmCatalogClient(settings));
