import { http, HttpResponse } from 'msw';
import { unauthorised } from './routeKit';
import { connectionAnswer, type MockProviderConnections } from './providerConnections';

// The LLM catalogue routes of the mock agent-server, as llm_router.py answers them (1.57.0 and
// 1.58.2 alike): what its LLM library (LiteLLM) knows. The real lists are long (about 165
// providers and 4,000 models); these are a part of each, and the contract test holds them to be
// a part of the real ones.

export const MOCK_LLM_PROVIDERS = [
  'anthropic',
  'azure',
  'bedrock',
  'deepseek',
  'gemini',
  'groq',
  'hosted_vllm',
  'litellm_proxy',
  'lm_studio',
  'mistral',
  'ollama',
  'openai',
  'openrouter',
  'vertex_ai',
  'xai',
];

export const MOCK_LLM_MODELS = [
  'claude-sonnet-4-5',
  'claude-sonnet-4-5-20250929',
  'gemini/gemini-2.5-flash',
  'gemini/gemini-2.5-pro',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-5',
  'mistral/codestral-latest',
  'openai/gpt-oss-120b',
  'openrouter/anthropic/claude-haiku-4.5',
];

export function llmHandlers(api: (path: string) => string, authorised: (request: Request) => boolean) {
  return [
    http.get(api('/api/llm/providers'), ({ request }) =>
      authorised(request) ? HttpResponse.json({ providers: MOCK_LLM_PROVIDERS }) : unauthorised(),
    ),
    http.get(api('/api/llm/models'), ({ request }) => {
      if (!authorised(request)) return unauthorised();
      // The server keeps a provider's models: those it names first (a bare name has none).
      const provider = new URL(request.url).searchParams.get('provider');
      const models =
        provider === null
          ? MOCK_LLM_MODELS
          : MOCK_LLM_MODELS.filter((model) => model.startsWith(`${provider}/`));
      return HttpResponse.json({ models });
    }),
  ];
}

/** MAX_PROVIDER_CONNECTIONS of the real store. */
const MAX_CONNECTIONS = 64;
/** REDACTED_SECRET_VALUE of the SDK. */
const REDACTED = '**********';

const fieldError = (field: string, type: string, msg: string, input: unknown, ctx?: object) =>
  HttpResponse.json(
    { detail: [{ type, loc: ['body', field], msg, input, ...(ctx ? { ctx } : {}) }] },
    { status: 422 },
  );
const tooShort = (field: string, input: unknown) =>
  fieldError(field, 'string_too_short', 'String should have at least 1 character', input, { min_length: 1 });
const connectionNotFound = (id: string) =>
  HttpResponse.json({ detail: `Provider connection '${id}' not found` }, { status: 404 });

/** What the server refuses in a key, before storing it: none, blank, or one already redacted. */
function badKey(key: unknown): Response | undefined {
  if (key === undefined) return fieldError('api_key', 'missing', 'Field required', key);
  if (typeof key !== 'string' || !key) return tooShort('api_key', key);
  if (!key.trim() || key === REDACTED) {
    const error = 'api_key must be a real key, not blank or redacted';
    return fieldError('api_key', 'value_error', `Value error, ${error}`, key, { error });
  }
  return undefined;
}

/**
 * The server's model keys (provider_connections_router.py, 1.57.0 and 1.58.2 alike): made with a
 * name and a key, changed field by field, deleted; every answer says whether a key is set and
 * never gives it back.
 */
export function providerConnectionHandlers(
  api: (path: string) => string,
  connections: MockProviderConnections,
  authorised: (request: Request) => boolean,
) {
  const path = api('/api/llm/provider-connections');
  const now = () => Math.floor(Date.now() / 1000);
  return [
    http.get(path, ({ request }) =>
      authorised(request) ? HttpResponse.json(connections.list().map(connectionAnswer)) : unauthorised(),
    ),
    http.post(path, async ({ request }) => {
      if (!authorised(request)) return unauthorised();
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body) return fieldError('body', 'missing', 'Field required', null);
      const name = body.display_name;
      if (typeof name !== 'string' || !name) return tooShort('display_name', name);
      const refused = badKey(body.api_key);
      if (refused) return refused;
      if (connections.list().length >= MAX_CONNECTIONS)
        return HttpResponse.json(
          {
            detail: `Provider connection limit reached (${MAX_CONNECTIONS}). Delete one before adding another.`,
          },
          { status: 409 },
        );
      const connection = {
        id: crypto.randomUUID().replaceAll('-', ''),
        display_name: name,
        provider: typeof body.provider === 'string' ? body.provider : 'custom',
        api_key: String(body.api_key),
        base_url: typeof body.base_url === 'string' ? body.base_url : null,
        created_at: now(),
        updated_at: now(),
      };
      connections.put(connection);
      return HttpResponse.json(connectionAnswer(connection), { status: 201 });
    }),
    http.patch(`${path}/:id`, async ({ request, params }) => {
      if (!authorised(request)) return unauthorised();
      const body = ((await request.json().catch(() => null)) ?? {}) as Record<string, unknown>;
      if (Object.keys(body).length === 0)
        return HttpResponse.json(
          { detail: 'Provide at least one provider connection field to update' },
          { status: 422 },
        );
      if ('api_key' in body && body.api_key !== null) {
        const refused = badKey(body.api_key);
        if (refused) return refused;
      }
      const id = String(params.id);
      const connection = connections.get(id);
      if (!connection) return connectionNotFound(id);
      if ('api_key' in body && body.api_key === null)
        return HttpResponse.json(
          { detail: 'api_key cannot be cleared; provide a new key to rotate it' },
          { status: 422 },
        );
      const updated = {
        ...connection,
        ...(typeof body.display_name === 'string' ? { display_name: body.display_name } : {}),
        ...(typeof body.provider === 'string' ? { provider: body.provider } : {}),
        ...('base_url' in body ? { base_url: typeof body.base_url === 'string' ? body.base_url : null } : {}),
        ...(typeof body.api_key === 'string' ? { api_key: body.api_key } : {}),
        updated_at: now(),
      };
      connections.put(updated);
      return HttpResponse.json(connectionAnswer(updated));
    }),
    http.delete(`${path}/:id`, ({ request, params }) => {
      if (!authorised(request)) return unauthorised();
      const id = String(params.id);
      const connection = connections.get(id);
      if (!connection) return connectionNotFound(id);
      connections.delete(id);
      // As the server: the answer of a deleted connection says no key is set.
      return HttpResponse.json({ ...connectionAnswer(connection), api_key_set: false });
    }),
  ];
}
