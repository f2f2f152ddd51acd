import { askBoth, listeningMock, realSchema } from './contractParts';
import { expect, test } from './fixtures';

// Holds the mock's LLM catalogue to the real server's: the same shapes, and lists that are a part
// of the real ones, so a model name the mock accepts is one the real server's library routes.

test('the mock’s LLM providers and models are a part of the real server’s, in its shapes @smoke', async ({
  server,
}) => {
  const { validate } = await realSchema(server.url);
  const { msw } = listeningMock();
  const { both } = askBoth(server);
  const same = (path: string) => both(path, path);
  const problems: string[] = [];
  try {
    const providers = await same('/api/llm/providers');
    const models = await same('/api/llm/models');
    const gemini = await same('/api/llm/models?provider=gemini');
    for (const [pair, schema] of [
      [providers, 'ProvidersResponse'],
      [models, 'ModelsResponse'],
      [gemini, 'ModelsResponse'],
    ] as const) {
      for (const side of [pair.real, pair.mock]) {
        expect(side.status, JSON.stringify(side.body).slice(0, 200)).toBe(200);
        problems.push(...validate(schema, side.body));
      }
    }
    const list = (body: unknown, field: 'providers' | 'models') => (body as Record<string, string[]>)[field]!;
    const realProviders = list(providers.real.body, 'providers');
    expect(realProviders).toEqual(expect.arrayContaining(list(providers.mock.body, 'providers')));
    // What Tether's check relies on: the providers and bare names people use are listed.
    expect(realProviders).toEqual(expect.arrayContaining(['openai', 'anthropic', 'ollama', 'litellm_proxy']));
    expect(realProviders).not.toContain('openhands');
    const realModels = list(models.real.body, 'models');
    expect(realModels).toEqual(expect.arrayContaining(list(models.mock.body, 'models')));
    expect(realModels).toEqual(expect.arrayContaining(['gpt-4o-mini', 'claude-sonnet-4-5']));
    expect(realModels).not.toContain('llama3');
    // A provider's own list: its prefixed names (the mock's are among the real server's).
    const mockGemini = list(gemini.mock.body, 'models');
    expect(mockGemini.length).toBeGreaterThan(0);
    expect(mockGemini.every((model) => model.startsWith('gemini/'))).toBe(true);
    expect(list(gemini.real.body, 'models')).toEqual(expect.arrayContaining(mockGemini));
    expect(problems).toEqual([]);
  } finally {
    msw.close();
  }
});
