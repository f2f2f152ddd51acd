import type { CreateConversationPayload } from '@openhands/typescript-client/clients';
import type { LlmSettings } from '../agent-server/llmSettings';
import { analyserFor, POLICY_OF, type Approval } from './approvalPolicy';
import { PLANNING_PROMPT, PLANNING_TOOLS, READING_TOOLS, type AgentKind } from './plan/planMode';

// The tools every Tether conversation gets; the server adds `finish` and `think` itself.
export const DEFAULT_TOOLS = [
  { name: 'terminal', params: { terminal_type: 'subprocess' } },
  { name: 'file_editor' },
  { name: 'task_tracker' },
];

/**
 * Tools a conversation gets only where the server says it can run them (`/server_info`
 * `usable_tools`): handing a task to a sub-agent, starting a child conversation on the same
 * server, and a browser (listed only where the server finds a Chromium; it starts with the
 * agent's first browser action, not with the conversation).
 */
export const OFFERED_TOOLS = ['task_tool_set', 'start_child_conversation', 'browser_tool_set'] as const;

/** Events the agent sees before the condenser sums up the older ones. */
export const CONDENSER_MAX_EVENTS = 120;

/**
 * The server's LLM object for the person's settings; `usage_id` is the key the server counts
 * tokens and cost under (and a model switch with the same id keeps the count going).
 */
export function llmConfig(llm: LlmSettings, usageId: 'agent' | 'condenser') {
  // A key kept on the server goes by reference: the server puts in its key and base URL.
  const kept = keptKeyOf(llm);
  return {
    model: llm.model,
    ...(kept
      ? { provider_connection_id: kept }
      : {
          ...(llm.baseUrl ? { base_url: llm.baseUrl } : {}),
          ...(llm.apiKey ? { api_key: llm.apiKey } : {}),
        }),
    usage_id: usageId,
    // Token deltas arrive as StreamingDeltaEvents only when the LLM streams.
    stream: true,
  };
}

/** The server's provider connection holding this LLM's key, if the key is kept there. */
export const keptKeyOf = (llm: LlmSettings): string | undefined =>
  llm.keyOnServer && !llm.apiKey ? llm.connectionId : undefined;

/**
 * A start request does not resolve a kept key (the server does that only when it installs an LLM,
 * `POST /switch_llm`): a conversation whose key the server keeps starts keyless and without its
 * first message, then has its LLM switched to the reference, then is sent the message.
 *
 * The start LLM does not stream: the server then gives the condenser the switched LLM too. It
 * does so only when the condenser's LLM equals the agent's (usage id aside), and it turns the
 * condenser's streaming off, so a streaming agent LLM would leave the condenser keyless.
 */
export function keylessStart(payload: CreateConversationPayload): CreateConversationPayload {
  const agent = payload.agent as { llm: object; condenser: { llm: object } };
  const rest = { ...payload };
  delete rest.initial_message;
  return {
    ...rest,
    agent: {
      ...agent,
      llm: { ...withoutKeptKey(agent.llm), stream: false },
      condenser: { ...agent.condenser, llm: { ...withoutKeptKey(agent.condenser.llm), stream: false } },
    } as CreateConversationPayload['agent'],
  };
}

function withoutKeptKey(llm: object): object {
  const rest = { ...llm } as Record<string, unknown>;
  delete rest.provider_connection_id;
  return rest;
}

/** The create payload: the first message always carries run:true, so the agent starts at once. */
export function newConversationPayload(
  text: string,
  llm: LlmSettings,
  workingDir = 'workspace',
  approval: Approval = 'never',
  usableTools: readonly string[] = [],
  /**
   * `plan`: the server's planning tools and prompt only, the agent writes a plan and cannot
   * change code; `review`: it reads and searches, and changes nothing.
   */
  kind: AgentKind = 'work',
): CreateConversationPayload {
  const analyser = analyserFor(approval);
  return {
    agent: {
      kind: 'Agent',
      llm: llmConfig(llm, 'agent'),
      tools:
        kind === 'plan'
          ? PLANNING_TOOLS
          : kind === 'review'
            ? READING_TOOLS
            : [
                ...DEFAULT_TOOLS,
                ...OFFERED_TOOLS.filter((name) => usableTools.includes(name)).map((name) => ({ name })),
              ],
      ...(kind === 'plan' ? { system_prompt_filename: PLANNING_PROMPT } : {}),
      // The person's skills (installed on the server, or in its ~/.openhands/skills) and the
      // workspace's own (AGENTS.md, .openhands/skills): the server loads none unless asked.
      // Public skills are left out: loading them clones a repository from GitHub at start.
      agent_context: { load_user_skills: true, load_project_skills: true },
      // Sums up old history when it grows long, and lets a person compact it on request
      // (`POST /condense` is refused without one). Sized as the SDK's default agent.
      condenser: {
        kind: 'LLMSummarizingCondenser',
        llm: llmConfig(llm, 'condenser'),
        max_size: CONDENSER_MAX_EVENTS,
        keep_first: 4,
      },
    } as CreateConversationPayload['agent'],
    workspace: { working_dir: workingDir },
    initial_message: { role: 'user', content: [{ type: 'text', text }], run: true },
    // Set before the first run, so even the first action can wait for approval.
    confirmation_policy: { kind: POLICY_OF[approval] },
    ...(analyser ? { security_analyzer: analyser } : {}),
    autotitle: true,
  };
}
