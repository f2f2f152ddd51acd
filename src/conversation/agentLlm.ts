import { isRecord } from '../agent-server/protocol';

// What a conversation's info says of its agent's LLM: its model and base URL, where it names them.

const llmOf = (info: unknown) => {
  const llm = isRecord(info) && isRecord(info.agent) ? info.agent.llm : undefined;
  return isRecord(llm) ? llm : undefined;
};

/** The model the agent runs on, as its settings name it; none for an empty name. */
export function agentModel(info: unknown): string | undefined {
  const model = llmOf(info)?.model;
  return typeof model === 'string' && model ? model : undefined;
}

/** The base URL the agent's model is asked at; none for the provider's own. */
export function agentBaseUrl(info: unknown): string | undefined {
  const baseUrl = llmOf(info)?.base_url;
  return typeof baseUrl === 'string' && baseUrl ? baseUrl : undefined;
}
