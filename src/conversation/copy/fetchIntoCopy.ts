import { agentServerClients } from '../../agent-server/client';
import { asServerEvent, type ServerEvent } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import { inLogOrder } from './copyVerdict';
import { readEventsInLogOrder } from '../resources/events';
import { browserCopy } from './browserCopy';

// A conversation read whole from its server into the browser's copy, without opening it: what
// makes a conversation never opened here searchable (and readable offline).

export async function fetchIntoCopy(
  settings: ConnectionSettings,
  conversationId: string,
  current: () => boolean = () => true,
): Promise<boolean> {
  const copy = await browserCopy();
  if (!copy) return false;
  const { conversations } = agentServerClients(settings);
  const info = (await conversations.getConversation(conversationId)) as unknown as {
    leaf_event_id?: string | null;
  };
  // Through the gate every server event passes, as the log's own events are kept.
  const events: ServerEvent[] = [];
  await readEventsInLogOrder(
    conversations,
    conversationId,
    {},
    (event) => {
      const gated = asServerEvent(event);
      if (gated) events.push(gated);
    },
    current,
  );
  if (!current() || events.length === 0) return false;
  return copy.write(settings.serverUrl, conversationId, {
    events: inLogOrder(events),
    olderCursor: null,
    head: info.leaf_event_id ?? undefined,
    info,
  });
}
