import type { QueryClient } from '@tanstack/react-query';
import { agentServerClients } from '../../agent-server/client';
import { isRecord, type ConversationInfo } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { LlmSettings } from '../../agent-server/llmSettings';
import { secretsClient } from '../../agent-server/secrets';
import { mcpSettingsClient } from '../../agent-server/mcp';
import type { Approval } from '../approvalPolicy';
import { llmConfig, newConversationPayload } from '../newConversation';
import { conversationKey, conversationListKey, watchForTitle } from './conversations';
import { healthQuery } from './server';

// The conversation writes that carry an LLM: starting a conversation and switching its model.
// Apart from conversations.ts because only the New conversation form and the model dialog use
// them, and both load lazily: the first screen does not carry the payload builders.

export async function createConversation(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  text: string,
  llm: LlmSettings,
  workingDir?: string,
  approval: Approval = 'never',
): Promise<ConversationInfo> {
  // The server's stored secrets and MCP servers go with every new conversation: the server does
  // not add them by itself. The tools it offers beyond the defaults are read from its health.
  const [secrets, mcpConfig, health] = await Promise.all([
    secretsClient(settings).forConversation(),
    mcpSettingsClient(settings).forConversation(),
    queryClient.fetchQuery(healthQuery(settings)).catch(() => undefined),
  ]);
  const usableTools = health?.kind === 'reachable' ? (health.usableTools ?? []) : [];
  const payload = newConversationPayload(text, llm, workingDir, approval, usableTools);
  const created = await agentServerClients(settings).conversations.createConversation<ConversationInfo>({
    ...payload,
    ...(Object.keys(mcpConfig).length > 0
      ? { agent: { ...(payload.agent as object), mcp_config: mcpConfig } }
      : {}),
    ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
  });
  watchForTitle(settings, created.id);
  queryClient.setQueryData(conversationKey(settings, created.id), created);
  // A new conversation goes to the top of the list, wherever the server sorts it: one list read.
  await queryClient.invalidateQueries({ queryKey: conversationListKey(settings), exact: true });
  return created;
}

/**
 * The LLM for the next turns (`POST /switch_llm`). The whole LLM goes, key included: the server
 * never hands keys back, so the person's key is sent again. Tokens keep counting under "agent".
 */
export async function switchModel(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
  llm: LlmSettings,
): Promise<void> {
  const config = llmConfig(llm, 'agent');
  await agentServerClients(settings).conversations.switchLLM(id, config as never);
  queryClient.setQueryData<ConversationInfo>(conversationKey(settings, id), (info) =>
    info && isRecord(info.agent) && isRecord(info.agent.llm)
      ? {
          ...info,
          agent: {
            ...info.agent,
            llm: { ...info.agent.llm, model: config.model, base_url: config.base_url ?? null },
          },
        }
      : info,
  );
}
