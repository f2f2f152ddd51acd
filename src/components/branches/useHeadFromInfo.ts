import { useEffect, useRef } from 'react';
import type { ConnectionSettings } from '../../agent-server/settings';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { isActive } from '../../conversation/executionStatus';
import { agentServerClients } from '../../agent-server/client';
import type { ConversationInfo } from '../../agent-server/protocol';
import { readConversation } from '../../conversation/resources/conversations';

/**
 * HEAD is in the info only (a navigate persists no event). It is read once per opening, after the
 * newest history page is in, so that it is at least as new as that page, and taken only when no
 * run appends (by the info, or by the events held): then the appends say where HEAD is, and 1.57
 * saves its HEAD after the event that moved it. A live append seen meanwhile wins (eventLog).
 */
export function useHeadFromInfo(
  log: ConversationEventLog,
  settings: ConnectionSettings,
  conversationId: string,
  historyIn: boolean,
): void {
  const taken = useRef(false);
  useEffect(() => {
    if (!historyIn || taken.current) return;
    taken.current = true;
    // Read now, not from the cache: a read after the newest page is at least as new as the page.
    readConversation(agentServerClients(settings).conversations, conversationId)
      .then((read) => {
        const info = read as ConversationInfo;
        const running = isActive(info.execution_status) || isActive(log.projection.statusFromEvents);
        // A leaf not held yet is newer than the page (it comes by the socket) or older than it
        // (a navigate far back, not handled yet): either way the newest leaf held stands in.
        const leaf = info.leaf_event_id;
        if (leaf && log.has(leaf) && !running) log.setHead(leaf, { fromInfo: true });
      })
      // Without it the newest leaf stands for HEAD, which is right unless a navigate moved it.
      .catch(() => {});
  }, [historyIn, log, settings, conversationId]);
}
