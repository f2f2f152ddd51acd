import { http, HttpResponse } from 'msw';
import { unauthorised } from './routeKit';

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
