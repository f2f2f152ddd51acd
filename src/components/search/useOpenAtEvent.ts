import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { rowIndexOfEvent } from '../../conversation/search/rowOfEvent';

// A conversation opened from a search result (`?event=<id>`) opens at the row that holds the
// event: older pages are read until it is held (from the browser's copy when it has them), then
// the transcript jumps there, as find does.

let jumps = 0;

export function useOpenAtEvent(
  log: ConversationEventLog,
  loadAllOlder: (until?: string) => Promise<void>,
  historyIn: boolean,
): { index: number; seq: number } | undefined {
  const eventId = new URLSearchParams(useSearch()).get('event');
  const [jump, setJump] = useState<{ index: number; seq: number }>();
  useEffect(() => {
    if (!eventId || !historyIn) return;
    let current = true;
    void loadAllOlder(eventId).then(() => {
      const index = current ? rowIndexOfEvent(log.projection, eventId) : undefined;
      if (index !== undefined) setJump({ index, seq: ++jumps });
    });
    return () => {
      current = false;
    };
    // loadAllOlder changes with every history page: the jump is made once per event asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId, historyIn, log]);
  return eventId ? jump : undefined;
}
