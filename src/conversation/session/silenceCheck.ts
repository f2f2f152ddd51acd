import type { AgentServerClients } from '../../agent-server/client';
import { asServerEvent, type ExecutionStatus } from '../../agent-server/protocol';
import { statusFromInfo } from '../executionStatus';
import { readConversation } from '../resources/conversations';
import { newestEventsSince } from '../resources/events';

// An open socket that says nothing during a run is either fine (a tool works for a while) or
// deaf (seen on 1.57 under load: open, but no frame ever again). Only REST can tell them apart:
// events the screen does not hold mean the socket is deaf and must be replaced; none mean it is
// fine, though it may still have missed the last status change, which the info then gives.

/** How long an open socket may be silent during a run before REST is asked what it missed. */
export const SILENCE_CHECK_MS = 10_000;

export type SilenceVerdict = { kind: 'reconnect' } | { kind: 'fine'; status: ExecutionStatus | undefined };

/** What the events held tell of a silent socket: the newest one's time, and whether one is held. */
export interface HeldEvents {
  readonly newestTimestamp: string | undefined;
  has(eventId: string): boolean;
}

/** Asks the server what a silent socket may have missed. A failed look counts as deaf. */
export async function lookAfterSilence(
  conversations: AgentServerClients['conversations'],
  conversationId: string,
  held: HeldEvents,
): Promise<SilenceVerdict> {
  try {
    const items = await newestEventsSince(conversations, conversationId, held.newestTimestamp);
    const missed = items.some((item) => {
      const event = asServerEvent(item);
      return event !== null && !held.has(event.id);
    });
    if (missed) return { kind: 'reconnect' };
    return { kind: 'fine', status: statusFromInfo(await readConversation(conversations, conversationId)) };
  } catch {
    return { kind: 'reconnect' };
  }
}
