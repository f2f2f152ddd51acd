import { describe, expect, it, vi } from 'vitest';
import {
  browserSeesWhatServerSees,
  findModelProblem,
  isLoopback,
  nameProblem,
  type ModelCheckSources,
} from './modelCheck';

const providers = new Set(['openai', 'anthropic', 'ollama', 'litellm_proxy']);
const models = new Set(['gpt-4o-mini', 'claude-sonnet-4-5', 'meta-llama/Llama-3-70b']);

describe('nameProblem', () => {
  it('passes a known provider without reading the model list', async () => {
    const list = vi.fn(async () => models);
    await expect(nameProblem('openai/any-model-at-all', providers, list)).resolves.toBeUndefined();
    await expect(nameProblem('openhands/claude-sonnet-4-5', providers, list)).resolves.toBeUndefined();
    expect(list).not.toHaveBeenCalled();
  });

  it('passes a whole name the library knows, with or without a slash', async () => {
    await expect(nameProblem('gpt-4o-mini', providers, async () => models)).resolves.toBeUndefined();
    await expect(
      nameProblem('meta-llama/Llama-3-70b', providers, async () => models),
    ).resolves.toBeUndefined();
  });

  it('names a provider the library does not have, and a bare name it cannot route', async () => {
    await expect(nameProblem('opnai/gpt-4o-mini', providers, async () => models)).resolves.toEqual({
      kind: 'unknown-provider',
      model: 'opnai/gpt-4o-mini',
      provider: 'opnai',
    });
    await expect(nameProblem('llama3', providers, async () => models)).resolves.toEqual({
      kind: 'no-provider',
      model: 'llama3',
    });
  });
});

describe('browserSeesWhatServerSees', () => {
  const local = { url: 'http://127.0.0.1:8000', runtime: 'local' };

  it('knows this machine by name and address', () => {
    expect(
      ['http://localhost:8000', 'http://mock.localhost', 'http://127.0.0.2', 'http://[::1]:8000'].map(
        isLoopback,
      ),
    ).toEqual([true, true, true, true]);
    expect(['http://10.0.0.5:8000', 'https://agents.example.com', 'not a url'].map(isLoopback)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('asks only when the server runs here and calls the model from its own process', () => {
    expect(browserSeesWhatServerSees('http://127.0.0.1:11434/v1', local, 'http:')).toBe(true);
    expect(browserSeesWhatServerSees('https://api.openai.com/v1', local, 'https:')).toBe(true);
    expect(
      browserSeesWhatServerSees('http://127.0.0.1:11434/v1', { ...local, runtime: 'docker' }, 'http:'),
    ).toBe(false);
    expect(
      browserSeesWhatServerSees('http://127.0.0.1:11434/v1', { ...local, runtime: undefined }, 'http:'),
    ).toBe(false);
    expect(
      browserSeesWhatServerSees(
        'http://127.0.0.1:11434/v1',
        { url: 'https://vm.example.com', runtime: 'local' },
        'http:',
      ),
    ).toBe(false);
  });

  it('does not ask what the page may not: no base URL, or plain HTTP elsewhere from an HTTPS page', () => {
    expect(browserSeesWhatServerSees('', local, 'http:')).toBe(false);
    expect(browserSeesWhatServerSees('ftp://models', local, 'http:')).toBe(false);
    expect(browserSeesWhatServerSees('http://models.lan/v1', local, 'https:')).toBe(false);
    expect(browserSeesWhatServerSees('http://localhost:11434/v1', local, 'https:')).toBe(true);
  });
});

describe('findModelProblem', () => {
  const sources = (overrides: Partial<ModelCheckSources> = {}): ModelCheckSources => ({
    providers: async () => providers,
    models: async () => models,
    probe: async () => 'answers',
    server: { url: 'http://localhost:8000', runtime: 'local' },
    pageProtocol: 'http:',
    ...overrides,
  });

  it('finds a name problem before asking the base URL', async () => {
    const probe = vi.fn(async () => 'silent' as const);
    await expect(
      findModelProblem({ model: 'llama3', baseUrl: 'http://127.0.0.1:9/v1' }, sources({ probe })),
    ).resolves.toEqual({ kind: 'no-provider', model: 'llama3' });
    expect(probe).not.toHaveBeenCalled();
  });

  it('names a base URL where nothing answers, and only then', async () => {
    const llm = { model: 'openai/local', baseUrl: 'http://127.0.0.1:9/v1' };
    await expect(findModelProblem(llm, sources({ probe: async () => 'silent' }))).resolves.toEqual({
      kind: 'unreachable',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    await expect(findModelProblem(llm, sources())).resolves.toBeUndefined();
    await expect(findModelProblem(llm, sources({ probe: async () => 'unknown' }))).resolves.toBeUndefined();
  });

  it('checks no name when the server could not list its providers or its models', async () => {
    await expect(
      findModelProblem({ model: 'llama3', baseUrl: '' }, sources({ providers: async () => new Set() })),
    ).resolves.toBeUndefined();
    await expect(
      findModelProblem({ model: 'llama3', baseUrl: '' }, sources({ models: async () => undefined })),
    ).resolves.toBeUndefined();
  });
});
