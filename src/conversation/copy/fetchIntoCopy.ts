import { agentServerClients } from '../../agent-server/client';
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
  const events: { id: string; timestamp?: string }[] = [];
  await readEventsInLogOrder(
    conversations,
    conversationId,
    {},
    (event) => {
      const held = event as { id?: unknown; timestamp?: unknown };
      if (typeof held.id === 'string') events.push(event as { id: string; timestamp?: string });
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
