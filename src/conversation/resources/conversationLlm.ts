import type { QueryClient } from '@tanstack/react-query';
import { agentServerClients } from '../../agent-server/client';
import { isRecord, type ConversationInfo } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { LlmSettings } from '../../agent-server/llmSettings';
import { secretsClient } from '../../agent-server/secrets';
import { mcpSettingsClient } from '../../agent-server/mcp';
import { providerConnectionsClient } from '../../agent-server/providerConnections';
import type { Approval } from '../approvalPolicy';
import type { AgentKind } from '../plan/planMode';
import { keptKeyOf, keylessStart, llmConfig, newConversationPayload } from '../newConversation';
import { conversationKey, conversationListKey, watchForTitle } from './conversations';
import { healthQuery } from './server';
import { WORKTREE_TAG, worktreeRequest, worktreeTag, type WorktreeChoice } from '../worktree/worktreeMode';

// The conversation writes that carry an LLM: starting a conversation and switching its model.
// Apart from conversations.ts because only the New conversation form and the model dialog use
// them, and both load lazily: the first screen does not carry the payload builders.

/** The server has no provider connections (older than 1.57): the key cannot be kept there. */
export class KeyNotKeptOnServer extends Error {}

/**
 * The LLM as the person saved it, its key put where they chose: a key to keep on the server goes
 * there now and only the connection's id comes back; a choice away from the server deletes the
 * key it kept (a key left behind on a server is one more place it can leak from).
 */
export async function keepModelKey(settings: ConnectionSettings, llm: LlmSettings): Promise<LlmSettings> {
  const connections = providerConnectionsClient(settings);
  if (!llm.keyOnServer) {
    if (llm.connectionId) await connections.forget(llm.connectionId).catch(() => undefined);
    return { ...llm, connectionId: undefined };
  }
  if (!llm.apiKey && !llm.connectionId) return llm;
  if (!llm.connectionId && !(await connections.available())) throw new KeyNotKeptOnServer();
  const connectionId = await connections.keep(llm.apiKey, llm.baseUrl, llm.connectionId);
  return { ...llm, apiKey: '', connectionId };
}

export async function createConversation(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  text: string,
  llm: LlmSettings,
  workingDir?: string,
  approval: Approval = 'never',
  {
    tags = {},
    kind = 'work',
    worktree,
    parent,
    title,
  }: {
    /** Kept with the conversation from its start (its limits: limits/runLimits.ts; a plan). */
    tags?: Record<string, string>;
    /** Its tools: every one, the planning tools only, or reading only (plan/planMode.ts). */
    kind?: AgentKind;
    /** In a git worktree of its own (worktree/worktreeMode.ts). */
    worktree?: WorktreeChoice;
    /** The conversation that owns this one (same folder): a plan of its next turn. */
    parent?: string;
    /** Its title, given rather than made from the first message. */
    title?: string;
  } = {},
): Promise<ConversationInfo> {
  // The server's stored secrets and MCP servers go with every new conversation: the server does
  // not add them by itself. The tools it offers beyond the defaults are read from its health,
  // its details read now rather than kept: a conversation's tools are fixed at its start.
  const [secrets, mcpConfig, health] = await Promise.all([
    secretsClient(settings).forConversation(),
    mcpSettingsClient(settings).forConversation(),
    queryClient.fetchQuery(healthQuery(settings, { freshFacts: true })).catch(() => undefined),
  ]);
  const usableTools = health?.kind === 'reachable' ? (health.usableTools ?? []) : [];
  const payload = newConversationPayload(text, llm, workingDir, approval, usableTools, kind);
  const kept = keptKeyOf(llm);
  const conversations = agentServerClients(settings).conversations;
  const start = kept ? keylessStart(payload) : payload;
  const created = await conversations.createConversation<ConversationInfo>({
    ...start,
    ...(Object.keys(mcpConfig).length > 0
      ? { agent: { ...(start.agent as object), mcp_config: mcpConfig } }
      : {}),
    ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
    ...(worktree ? worktreeRequest(worktree) : {}),
    ...(parent ? { parent_conversation_id: parent } : {}),
    ...(title ? { autotitle: false } : {}),
    ...(Object.keys(tags).length > 0 || worktree
      ? { tags: worktree ? { ...tags, [WORKTREE_TAG]: worktreeTag(worktree) } : tags }
      : {}),
  });
  if (kept) await startWithKeptKey(settings, created, payload);
  // The server takes no title at the start: it is given straight after. Not given (the server
  // away for that moment), the conversation is only untitled, and the person can name it.
  const titled =
    title !== undefined &&
    (await conversations.updateConversation(created.id, { title }).then(
      () => true,
      () => false,
    ));
  if (!titled) watchForTitle(settings, created.id);
  queryClient.setQueryData(conversationKey(settings, created.id), titled ? { ...created, title } : created);
  // A new conversation goes to the top of the list, wherever the server sorts it: one list read.
  await queryClient.invalidateQueries({ queryKey: conversationListKey(settings), exact: true });
  // The parent's info lists its children: read again, it names this one.
  if (parent)
    void queryClient.invalidateQueries({ queryKey: conversationKey(settings, parent), exact: true });
  return created;
}

/**
 * The second half of a start whose key the server keeps: the LLM switched to the reference, then
 * the first message sent to run. If either is refused (a connection deleted on the server), the
 * half-made conversation is deleted, so the person tries again from the form with their words.
 */
async function startWithKeptKey(
  settings: ConnectionSettings,
  created: ConversationInfo,
  payload: ReturnType<typeof newConversationPayload>,
): Promise<void> {
  const conversations = agentServerClients(settings).conversations;
  try {
    await conversations.switchLLM(created.id, (payload.agent as { llm: object }).llm as never);
    await conversations.sendEvent(created.id, payload.initial_message!);
  } catch (error) {
    await conversations.deleteConversation(created.id).catch(() => undefined);
    throw error;
  }
}

/**
 * The LLM for the next turns (`POST /switch_llm`). The whole LLM goes, key included: the server
 * never hands keys back, so the person's key is sent again, or the reference to the one the
 * server keeps. Tokens keep counting under "agent".
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
            llm: { ...info.agent.llm, model: config.model, base_url: llm.baseUrl || null },
          },
        }
      : info,
  );
}
