import type { CreateConversationPayload } from '@openhands/typescript-client/clients';
import type { LlmSettings } from '../agent-server/llmSettings';
import { analyserFor, POLICY_OF, type Approval } from './approvalPolicy';

// The tools every Tether conversation gets; the server adds `finish` and `think` itself.
export const DEFAULT_TOOLS = [
  { name: 'terminal', params: { terminal_type: 'subprocess' } },
  { name: 'file_editor' },
  { name: 'task_tracker' },
];

/** The create payload: the first message always carries run:true, so the agent starts at once. */
export function newConversationPayload(
  text: string,
  llm: LlmSettings,
  workingDir = 'workspace',
  approval: Approval = 'never',
): CreateConversationPayload {
  const analyser = analyserFor(approval);
  return {
    agent: {
      kind: 'Agent',
      llm: {
        model: llm.model,
        ...(llm.baseUrl ? { base_url: llm.baseUrl } : {}),
        ...(llm.apiKey ? { api_key: llm.apiKey } : {}),
        usage_id: 'agent',
        // Token deltas arrive as StreamingDeltaEvents only when the LLM streams.
        stream: true,
      },
      tools: DEFAULT_TOOLS,
    },
    workspace: { working_dir: workingDir },
    initial_message: { role: 'user', content: [{ type: 'text', text }], run: true },
    // Set before the first run, so even the first action can wait for approval.
    confirmation_policy: { kind: POLICY_OF[approval] },
    ...(analyser ? { security_analyzer: analyser } : {}),
    autotitle: true,
  };
}
