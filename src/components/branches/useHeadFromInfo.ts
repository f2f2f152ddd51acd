import { useEffect, useRef } from 'react';
import type { ConversationInfo } from '../../agent-server/protocol';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { isActive } from '../../conversation/executionStatus';

/**
 * HEAD is in the info only (a navigate persists no event). It is taken once per opening, when the
 * newest history page is in and no run appends: a later read of the info can be older than what
 * the socket brought since, and would move HEAD back over the newest events.
 */
export function useHeadFromInfo(
  log: ConversationEventLog,
  info: ConversationInfo | undefined,
  historyIn: boolean,
): void {
  const taken = useRef(false);
  useEffect(() => {
    if (!info || !historyIn || taken.current) return;
    taken.current = true;
    if (info.leaf_event_id && !isActive(info.execution_status)) log.setHead(info.leaf_event_id);
  }, [info, historyIn, log]);
}
