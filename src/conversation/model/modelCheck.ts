// Checks of the person's model settings before a conversation uses them, for the mistakes that
// otherwise show only after a run: a name the server's LLM library (LiteLLM) cannot route, which
// fails at once with "LLM Provider NOT provided", and a base URL where nothing listens, which
// keeps the conversation "running" for about two minutes of retries before a "Connection error".
// Only sure findings count: the model lists say nothing about whether a key or a model works.

export type ModelProblem =
  | { kind: 'unknown-provider'; model: string; provider: string }
  | { kind: 'no-provider'; model: string }
  | { kind: 'unreachable'; baseUrl: string };

/** Prefixes the SDK turns into a LiteLLM provider itself (`openhands/…` goes to its proxy). */
const SDK_PROVIDERS = new Set(['openhands']);

/** The provider a model names (`openai/gpt-4o-mini` → `openai`), if it names one. */
export function providerOf(model: string): string | undefined {
  const slash = model.indexOf('/');
  return slash > 0 ? model.slice(0, slash) : undefined;
}

/**
 * Whether the library can route the name: a known provider first, else a model it knows by its
 * whole name (`gpt-4o-mini`, or a catalogue entry such as `meta-llama/…` whose first part is no
 * provider). `models` is asked for only when the provider does not settle it.
 */
export async function nameProblem(
  model: string,
  providers: ReadonlySet<string>,
  models: () => Promise<ReadonlySet<string> | undefined>,
): Promise<ModelProblem | undefined> {
  const provider = providerOf(model);
  if (provider !== undefined && (providers.has(provider) || SDK_PROVIDERS.has(provider))) return undefined;
  // A server that could not list its models cannot say the name is wrong.
  const known = await models();
  if (!known || known.has(model)) return undefined;
  return provider === undefined
    ? { kind: 'no-provider', model }
    : { kind: 'unknown-provider', model, provider };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}

/** `localhost`, a `.localhost` name, 127.0.0.0/8 or ::1: this machine. */
export function isLoopback(url: string): boolean {
  const host = hostOf(url);
  if (host === undefined) return false;
  return (
    host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1'
  );
}

/**
 * Whether this browser's view of the base URL is the agent's: only when the agent-server runs on
 * this machine and calls the model from its own process (not from a Docker sandbox, whose
 * `localhost` is another), and the page may ask an address over plain HTTP at all.
 */
export function browserSeesWhatServerSees(
  baseUrl: string,
  server: { url: string; runtime: string | undefined },
  pageProtocol: string,
): boolean {
  if (!/^https?:\/\//i.test(baseUrl) || hostOf(baseUrl) === undefined) return false;
  if (!isLoopback(server.url) || server.runtime !== 'local') return false;
  const insecure = baseUrl.toLowerCase().startsWith('http:') && !isLoopback(baseUrl);
  return !(pageProtocol === 'https:' && insecure);
}

export interface ModelCheckSources {
  /** The providers the server's library knows; empty when the server could not say. */
  providers: () => Promise<ReadonlySet<string>>;
  /** Every model name the library knows; undefined when the server could not say. */
  models: () => Promise<ReadonlySet<string> | undefined>;
  /** Whether anything answers at an address, from this browser. */
  probe: (url: string) => Promise<'answers' | 'silent' | 'unknown'>;
  server: { url: string; runtime: string | undefined };
  pageProtocol: string;
}

/** The first sure problem with these settings, or none. */
export async function findModelProblem(
  llm: { model: string; baseUrl: string },
  sources: ModelCheckSources,
): Promise<ModelProblem | undefined> {
  const providers = await sources.providers();
  if (providers.size > 0) {
    const problem = await nameProblem(llm.model, providers, sources.models);
    if (problem) return problem;
  }
  if (!browserSeesWhatServerSees(llm.baseUrl, sources.server, sources.pageProtocol)) return undefined;
  return (await sources.probe(llm.baseUrl)) === 'silent'
    ? { kind: 'unreachable', baseUrl: llm.baseUrl }
    : undefined;
}
