import { useEffect, useRef } from 'react';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { isActive } from '../../conversation/executionStatus';
import type { ConversationInfo } from '../../agent-server/protocol';

/**
 * HEAD is in the info only (a navigate persists no event). It is taken once per opening, from
 * the info read in this opening, once the newest history page is in too; and only when no run
 * appends (by the info, or by the events held): then the appends say where HEAD is. The info may
 * be older than the page (read before it, or kept stale by the server): EventTree.pin says when
 * its word yields to the events held.
 */
export function useHeadFromInfo(
  log: ConversationEventLog,
  info: ConversationInfo | undefined,
  /** The info was read in this opening, and the newest history page is in. */
  bothIn: boolean,
): void {
  const taken = useRef(false);
  useEffect(() => {
    if (!bothIn || !info || taken.current) return;
    taken.current = true;
    const running = isActive(info.execution_status) || isActive(log.projection.statusFromEvents);
    // A leaf not held yet is newer than the page (it comes by the socket) or older than it
    // (a navigate far back, not handled yet): either way the newest leaf held stands in.
    const leaf = info.leaf_event_id;
    if (leaf && log.has(leaf) && !running) log.setHead(leaf, { from: 'info' });
  }, [bothIn, info, log]);
}
