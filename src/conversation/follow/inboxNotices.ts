import type { ExecutionStatus } from '../../agent-server/protocol';
import { runNotice, type RunNotice } from './runNotices';

// Following every conversation of every server, not only the open one: between two readings
// of the inbox, which conversations changed to a state a person away wants to hear of, and how
// many wait for their approval. Pure, so that the rules are tested.

export interface WatchedConversation {
  /** Server and conversation id together: the same id may live on two servers. */
  key: string;
  status: ExecutionStatus | undefined;
  title: string;
  serverName: string;
}

export interface InboxNotice extends RunNotice {
  key: string;
}

/**
 * The notices for the changes since `before` (the statuses of the last reading). The open
 * conversation is left out (its own session tells of it, sooner), and so is a conversation seen
 * for the first time: appearing in the list is not a change of state.
 */
export function inboxNotices(
  before: ReadonlyMap<string, ExecutionStatus | undefined>,
  now: readonly WatchedConversation[],
  openKey: string | undefined,
  severalServers: boolean,
): InboxNotice[] {
  const notices: InboxNotice[] = [];
  for (const conversation of now) {
    if (conversation.key === openKey || !before.has(conversation.key) || !conversation.status) continue;
    const name = severalServers ? `${conversation.title} · ${conversation.serverName}` : conversation.title;
    const notice = runNotice(before.get(conversation.key), conversation.status, name);
    if (notice) notices.push({ ...notice, key: conversation.key });
  }
  return notices;
}

/** The conversations other than the open one that wait for the person's approval. */
export function waitingElsewhere(now: readonly WatchedConversation[], openKey: string | undefined): number {
  return now.filter((c) => c.key !== openKey && c.status === 'waiting_for_confirmation').length;
}
