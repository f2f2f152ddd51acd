import { describe, expect, it } from 'vitest';
import { agentBaseUrl, agentModel } from './agentLlm';

describe('the agent’s LLM in a conversation’s info', () => {
  it('names its model and base URL, and none where the info says nothing or an empty word', () => {
    const info = { agent: { llm: { model: 'openai/gpt-4o', base_url: 'http://h/v1' } } };
    expect(agentModel(info)).toBe('openai/gpt-4o');
    expect(agentBaseUrl(info)).toBe('http://h/v1');
    expect(agentModel({ agent: { llm: { model: '', base_url: '' } } })).toBeUndefined();
    expect(agentBaseUrl({ agent: { llm: { model: 'm', base_url: null } } })).toBeUndefined();
    expect(agentModel({ agent: null })).toBeUndefined();
    expect(agentModel(undefined)).toBeUndefined();
  });
});
