import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { AgentServerRefused, agentServerClients, httpStatus } from '../../agent-server/client';
import { isRecord, type ConversationInfo, type Page } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import { analyserFor, POLICY_OF, type Approval } from '../approvalPolicy';
import { t } from '../../i18n/i18n';
import 'virtual:tether-english/limits';
import { eventsKey } from './events';
import { browserCopy } from '../copy/browserCopy';
import { conversationKey, conversationListKey, patchConversation } from './conversations';

// The writes a person makes to a conversation, each with the narrow cache update it calls for.
// Apart from the reads (conversations.ts): only the parts that make them (the list's actions,
// the tools menu's dialogs) load them, never the first screen.

type ListData = InfiniteData<Page<ConversationInfo>, string>;

/**
 * Puts what the server took into the caches. A read of the conversation or of the list that left
 * before the write was answered can bring back what the write replaced, over the patch, and
 * nothing reads again soon (a worktree's branch, written to the tags, went missing from its card
 * so in a loaded run): such reads are given up first. A read of a cache that holds nothing yet is
 * left to land, so that a list still loading is not left empty.
 */
async function patchWritten(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
  patch: Partial<ConversationInfo>,
): Promise<void> {
  const held = { predicate: (query: { state: { data: unknown } }) => query.state.data !== undefined };
  await Promise.all([
    queryClient.cancelQueries({ queryKey: conversationKey(settings, id), exact: true, ...held }),
    queryClient.cancelQueries({ queryKey: conversationListKey(settings), exact: true, ...held }),
  ]);
  patchConversation(queryClient, settings, id, patch);
}

export async function renameConversation(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
  title: string,
): Promise<void> {
  const result: unknown = await agentServerClients(settings).conversations.updateConversation(id, { title });
  // 1.57 answers 200 {success: false} when it renamed nothing (an unknown id); 1.58 answers 404.
  if (isRecord(result) && result.success === false)
    throw new AgentServerRefused(t('conversation.renameGone'));
  await patchWritten(queryClient, settings, id, { title });
}

/**
 * Replaces the conversation's tags (the server keeps no others: pass them all), then the caches'.
 * Tether keeps its limits and stops there (limits/runLimits.ts).
 */
export async function saveConversationTags(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
  tags: Record<string, string>,
): Promise<void> {
  const result: unknown = await agentServerClients(settings).conversations.updateConversation(id, { tags });
  if (isRecord(result) && result.success === false) throw new AgentServerRefused(t('limits.notKept'));
  await patchWritten(queryClient, settings, id, { tags });
}

export async function deleteConversation(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
): Promise<void> {
  await agentServerClients(settings).conversations.deleteConversation(id);
  // Its copy and review comments go with it.
  void browserCopy().then((copy) => copy?.forget(settings.serverUrl, id, { reviews: true }));
  queryClient.setQueryData<ListData>(conversationListKey(settings), (list) =>
    list
      ? {
          ...list,
          pages: list.pages.map((page) => ({ ...page, items: page.items.filter((c) => c.id !== id) })),
        }
      : list,
  );
  queryClient.removeQueries({ queryKey: conversationKey(settings, id) });
  queryClient.removeQueries({ queryKey: eventsKey(settings, id) });
}

/** The approval choice: the analyser it needs first (or none), then the policy. */
export async function setApprovalPolicy(
  queryClient: QueryClient,
  settings: ConnectionSettings,
  id: string,
  approval: Approval,
): Promise<void> {
  const { conversations } = agentServerClients(settings);
  const analyser = analyserFor(approval);
  await conversations.setSecurityAnalyzer(id, { security_analyzer: analyser } as never);
  const kind = POLICY_OF[approval];
  await conversations.setConfirmationPolicy(id, { kind } as never);
  await patchWritten(queryClient, settings, id, { confirmation_policy: { kind } });
}

/** Whether the conversation's agent has a condenser (a server answering without `agent` is given the benefit of the doubt). */
export function hasCondenser(info: ConversationInfo | undefined): boolean {
  if (!info || !isRecord(info.agent) || !('condenser' in info.agent)) return true;
  return isRecord(info.agent.condenser);
}

/**
 * Asks the server to sum up older history now (`POST /condense`). Its refusal for an agent
 * without a condenser (409) comes back in words a person can act on.
 */
export async function compactConversation(settings: ConnectionSettings, id: string): Promise<void> {
  try {
    await agentServerClients(settings).conversations.condenseConversation(id);
  } catch (error) {
    // 1.58 refuses with 409; 1.57 lets the SDK's ValueError out as a 500 that names it.
    const status = httpStatus(error);
    const noCondenser =
      status === 409 ||
      (status === 500 && /No condenser configured|does not handle condensation/.test(responseText(error)));
    if (noCondenser) throw new AgentServerRefused(t('compact.noCondenser'));
    throw error;
  }
}

function responseText(error: unknown): string {
  const response = isRecord(error) ? error.response : undefined;
  try {
    return typeof response === 'string' ? response : JSON.stringify(response ?? '');
  } catch {
    return '';
  }
}
