import type { ConversationInfo } from '../../agent-server/protocol';

// How soon a server's list is read again, from what it last said: soon while one of its
// conversations may be working where no session follows it, now and then otherwise.

/** While a conversation that is not open may be working. */
export const BUSY_READ_MS = 5_000;
/** Otherwise: statuses change only when someone acts. */
export const IDLE_READ_MS = 60_000;
/**
 * A conversation created or touched this recently and still idle may be about to run: the server
 * answers the create (or the message) before its run begins, and a person who starts one and
 * moves on at once would otherwise see it "idle" for a minute while it works.
 */
export const STARTING_MS = 60_000;

type Listed = Pick<ConversationInfo, 'id' | 'execution_status' | 'updated_at'>;

export function listReadMs(items: Iterable<Listed>, openId: string | undefined, now: number): number {
  for (const info of items) {
    if (info.id === openId) continue;
    const status = info.execution_status;
    if (status === 'running' || status === 'waiting_for_confirmation') return BUSY_READ_MS;
    if (status === 'idle' && now - Date.parse(info.updated_at) < STARTING_MS) return BUSY_READ_MS;
  }
  return IDLE_READ_MS;
}
