import type { CreateConversationPayload } from '@openhands/typescript-client/clients';

// The tools every Tether conversation gets; the server adds `finish` and `think` itself.
export const DEFAULT_TOOLS = [
  { name: 'terminal', params: { terminal_type: 'subprocess' } },
  { name: 'file_editor' },
  { name: 'task_tracker' },
];

/** The create payload: the first message always carries run:true, so the agent starts at once. */
export function newConversationPayload(text: string): CreateConversationPayload {
  return {
    agent: { kind: 'Agent', llm: { model: 'openai/gpt-4o-mini', usage_id: 'agent' }, tools: DEFAULT_TOOLS },
    workspace: { working_dir: 'workspace' },
    initial_message: { role: 'user', content: [{ type: 'text', text }], run: true },
    confirmation_policy: { kind: 'NeverConfirm' },
    autotitle: true,
  };
}
