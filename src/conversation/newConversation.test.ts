import { describe, expect, it } from 'vitest';
import { keylessStart, llmConfig, newConversationPayload } from './newConversation';

describe('newConversationPayload', () => {
  it('sends the first message with run:true and the chosen LLM, streaming', () => {
    const payload = newConversationPayload('Fix it', {
      model: 'openai/scripted',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-1',
    });
    expect(payload.initial_message).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'Fix it' }],
      run: true,
    });
    expect(payload.agent).toMatchObject({
      llm: { model: 'openai/scripted', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-1', stream: true },
    });
  });

  it('gives the agent a summarising condenser on the same LLM, so history can be compacted', () => {
    const payload = newConversationPayload('x', { model: 'm', baseUrl: 'http://h/v1', apiKey: 'k' });
    expect(payload.agent).toMatchObject({
      condenser: {
        kind: 'LLMSummarizingCondenser',
        llm: { model: 'm', base_url: 'http://h/v1', api_key: 'k', usage_id: 'condenser' },
      },
    });
  });

  it('asks the server to load the person’s skills and the workspace’s, not the public ones', () => {
    const payload = newConversationPayload('x', { model: 'm', baseUrl: '', apiKey: '' });
    expect((payload.agent as { agent_context: object }).agent_context).toEqual({
      load_user_skills: true,
      load_project_skills: true,
    });
  });

  it('gives sub-agents, child conversations and a browser only where the server offers them', () => {
    const names = (usable: string[]) =>
      (
        newConversationPayload('x', { model: 'm', baseUrl: '', apiKey: '' }, 'workspace', 'never', usable)
          .agent as { tools: { name: string }[] }
      ).tools.map((tool) => tool.name);
    expect(names([])).toEqual(['terminal', 'file_editor', 'task_tracker']);
    expect(names(['terminal', 'start_child_conversation', 'task_tool_set', 'browser_tool_set'])).toEqual([
      'terminal',
      'file_editor',
      'task_tracker',
      'task_tool_set',
      'start_child_conversation',
      'browser_tool_set',
    ]);
  });

  it('leaves out an empty base URL and key', () => {
    const payload = newConversationPayload('x', { model: 'm', baseUrl: '', apiKey: '' });
    expect((payload.agent as { llm: object }).llm).not.toHaveProperty('base_url');
    expect((payload.agent as { llm: object }).llm).not.toHaveProperty('api_key');
  });

  it('sets the approval choice before the first run: risky actions bring the model’s own rating', () => {
    const llm = { model: 'm', baseUrl: '', apiKey: '' };
    expect(newConversationPayload('x', llm)).toMatchObject({ confirmation_policy: { kind: 'NeverConfirm' } });
    expect(newConversationPayload('x', llm)).not.toHaveProperty('security_analyzer');
    expect(newConversationPayload('x', llm, 'w', 'always')).toMatchObject({
      confirmation_policy: { kind: 'AlwaysConfirm' },
    });
    expect(newConversationPayload('x', llm, 'w', 'risky')).toMatchObject({
      confirmation_policy: { kind: 'ConfirmRisky' },
      security_analyzer: { kind: 'LLMSecurityAnalyzer' },
    });
  });

  it('names a key the server keeps by reference only, and starts keyless with the message held back', () => {
    const llm = {
      model: 'openai/m',
      baseUrl: 'http://h/v1',
      apiKey: '',
      keyOnServer: true,
      connectionId: 'c1',
    };
    expect(llmConfig(llm, 'agent')).toEqual({
      model: 'openai/m',
      provider_connection_id: 'c1',
      usage_id: 'agent',
      stream: true,
    });
    const start = keylessStart(newConversationPayload('Fix it', llm));
    expect(start).not.toHaveProperty('initial_message');
    const agent = start.agent as { llm: object; condenser: { llm: object } };
    // Not streaming at the start, so the server gives the condenser the switched LLM as well.
    expect(agent.llm).toEqual({ model: 'openai/m', usage_id: 'agent', stream: false });
    expect(agent.condenser.llm).toEqual({ model: 'openai/m', usage_id: 'condenser', stream: false });
  });

  it('sends a key typed for this browser inline, even where one is kept on the server', () => {
    const llm = { model: 'm', baseUrl: '', apiKey: 'sk-typed', keyOnServer: true, connectionId: 'c1' };
    expect(llmConfig(llm, 'agent')).toMatchObject({ api_key: 'sk-typed' });
    expect(llmConfig(llm, 'agent')).not.toHaveProperty('provider_connection_id');
  });
});
