import type { ConversationInfo } from '../../agent-server/protocol';
import type { AgentServer } from '../../agent-server/servers';
import { mergeInbox, type InboxEntry, type ServerListing } from '../../conversation/inbox/mergeInbox';
import type { ServerFeed } from './ServerFeeds';

/** One row of the inbox: a conversation and the server it lives on. */
export interface InboxRow extends InboxEntry {
  readonly server: AgentServer;
  readonly conversation: ConversationInfo;
  /** Its server failed its last read: the row is what was read before. */
  readonly unavailable: boolean;
}

/**
 * The feeds as the merge reads them. A server holds the inbox back while its next page may hold
 * rows newer than the oldest shown: until it answers (for a while, see FIRST_PAGE_PATIENCE_MS),
 * and while it has pages to give. A server that failed holds nothing back.
 */
export function inboxRows(
  servers: readonly AgentServer[],
  feeds: ReadonlyMap<string, ServerFeed>,
  patienceSpent: boolean,
  /** Servers the header's health check found unreachable: greyed before the list reads them again. */
  unreachable: ReadonlyMap<string, string> = new Map(),
) {
  const listings = new Map<string, ServerListing<InboxRow>>();
  for (const server of servers) {
    const feed = feeds.get(server.id);
    const unavailable = Boolean(feed?.error) || unreachable.has(server.id);
    const items = (feed?.items ?? []).map((conversation): InboxRow => ({
      serverId: server.id,
      id: conversation.id,
      updatedAt: conversation.updated_at ?? conversation.created_at ?? '',
      server,
      conversation,
      unavailable,
    }));
    const waiting = !feed || feed.pending;
    const settled = waiting ? patienceSpent : unavailable || !feed.hasNextPage;
    listings.set(server.id, { items, settled });
  }
  return mergeInbox(listings);
}
