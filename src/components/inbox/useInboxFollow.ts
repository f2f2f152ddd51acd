import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { ExecutionStatus } from '../../agent-server/protocol';
import {
  inboxNotices,
  waitingElsewhere,
  type WatchedConversation,
} from '../../conversation/follow/inboxNotices';
import { useQueryClient } from '@tanstack/react-query';
import { shownTitle } from '../shownTitle';
import { attention } from '../follow/attention';
import { notificationsOn } from '../follow/notifications';
import { badgeForInbox } from '../follow/appBadge';
import { markSeen } from '../../conversation/board/boardStorage';
import { conversationPath, type ConversationAddress } from '../conversationPath';
import type { InboxRow } from './inboxRows';

const away = () => document.visibilityState === 'hidden';

/**
 * Follows every conversation of the inbox, on every server: counts those waiting for approval
 * (the tab title says it) and, for a person away who asked for it, notifies when one of them ends,
 * fails or waits. The open conversation is its own session's to tell of.
 */
export function useInboxFollow(rows: readonly InboxRow[], open: ConversationAddress | undefined) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, ExecutionStatus | undefined>());
  const openKey = open?.serverId ? `${open.serverId}/${open.conversationId}` : undefined;
  useEffect(() => {
    const now: WatchedConversation[] = rows.map((row) => ({
      key: `${row.serverId}/${row.id}`,
      status: row.conversation.execution_status,
      title: shownTitle(queryClient, row.server, row.conversation),
      serverName: row.server.name,
    }));
    const waiting = waitingElsewhere(now, openKey);
    attention.setState({ waitingElsewhere: waiting });
    // The installed app's icon counts it too (the board, while it shows, counts for itself).
    badgeForInbox(waiting);
    // The open conversation, on screen, is seen as it is now: the board's Review and "asked you"
    // last only until the person has looked.
    const openRow = rows.find((row) => `${row.serverId}/${row.id}` === openKey);
    if (openRow && !away()) markSeen(openKey!, openRow.conversation.updated_at);
    const severalServers = new Set(rows.map((row) => row.serverId)).size > 1;
    const notices =
      away() && notificationsOn() ? inboxNotices(seen.current, now, openKey, severalServers) : [];
    for (const conversation of now) seen.current.set(conversation.key, conversation.status);
    for (const notice of notices) {
      const row = rows.find((r) => `${r.serverId}/${r.id}` === notice.key)!;
      const notification = new Notification(notice.title, { body: notice.body, tag: notice.key });
      notification.onclick = () => {
        window.focus();
        navigate(conversationPath(row.serverId, row.id));
        notification.close();
      };
    }
  }, [rows, openKey, navigate, queryClient]);
  useEffect(() => () => attention.setState({ waitingElsewhere: 0 }), []);
}
