import { queryOptions } from '@tanstack/react-query';
import { agentServerClients, searchEventPage } from '../../agent-server/client';
import { isRecord } from '../../agent-server/protocol';
import { serverKey } from './server';
import type { AgentServer } from '../../agent-server/servers';
import { GLIMPSE_EVENTS, glimpseOf } from '../board/glimpse';
import { keepGlimpse } from '../board/boardMemory';

// The board's reads of each conversation's newest events: one small page per conversation whose
// status leaves something to tell, read again only when the conversation changed. A few at a time
// per server, so that a board of hundreds of cards does not flood a server; what the board no
// longer wants is not read.

/** Reads in flight per server at most. */
export const GLIMPSES_AT_ONCE = 2;
/** A read that failed is not asked again sooner, unless the conversation changed. */
const AFTER_FAILURE_MS = 60_000;

export interface GlimpseWish {
  readonly key: string;
  readonly server: AgentServer;
  readonly conversationId: string;
  readonly updatedAt: string;
}

export class GlimpseReader {
  private wanted = new Map<string, GlimpseWish>();
  private inFlight = new Map<string, number>();
  /** The reads in flight: each conversation's key, and the update it is read as of. */
  private reading = new Map<string, string>();
  private stopped = false;
  /** When each wish (key and update) last failed. */
  private failed = new Map<string, number>();

  /** What the board wants now: earlier wishes not in this list are dropped. */
  want(wishes: readonly GlimpseWish[]): void {
    const now = Date.now();
    this.wanted = new Map(
      wishes
        .filter((wish) => now - (this.failed.get(failureKey(wish)) ?? -Infinity) >= AFTER_FAILURE_MS)
        .map((wish) => [wish.key, wish]),
    );
    this.pump();
  }

  stop(): void {
    this.stopped = true;
    this.wanted.clear();
  }

  private pump(): void {
    for (const wish of this.wanted.values()) {
      if (this.stopped) return;
      const serverId = wish.server.id;
      // Asked for again while it is being read as of the same update: the read under way answers it.
      if (this.reading.get(wish.key) === wish.updatedAt) {
        this.wanted.delete(wish.key);
        continue;
      }
      if (this.reading.has(wish.key) || (this.inFlight.get(serverId) ?? 0) >= GLIMPSES_AT_ONCE) continue;
      this.wanted.delete(wish.key);
      this.reading.set(wish.key, wish.updatedAt);
      this.inFlight.set(serverId, (this.inFlight.get(serverId) ?? 0) + 1);
      void this.read(wish).finally(() => {
        this.reading.delete(wish.key);
        this.inFlight.set(serverId, this.inFlight.get(serverId)! - 1);
        this.pump();
      });
    }
  }

  private async read(wish: GlimpseWish): Promise<void> {
    try {
      const page = await searchEventPage(agentServerClients(wish.server).conversations, wish.conversationId, {
        limit: GLIMPSE_EVENTS,
        sort_order: 'TIMESTAMP_DESC',
      });
      if (!this.stopped) keepGlimpse(wish.key, glimpseOf(page.items, wish.updatedAt));
    } catch {
      // Not read: the card stays placed by its status, and is asked for again a minute later.
      this.failed.set(failureKey(wish), Date.now());
    }
  }
}

const failureKey = (wish: GlimpseWish) => `${wish.key}@${wish.updatedAt}`;

/**
 * When a running conversation's run began: the time of the person's newest message, which the
 * list names (`last_user_message_id`). One small read per run, never again.
 */
export const runStartQuery = (settings: AgentServer, conversationId: string, eventId: string) =>
  queryOptions({
    queryKey: [...serverKey(settings), 'conversations', 'run-start', conversationId, eventId],
    queryFn: async () => {
      const event: unknown = await agentServerClients(settings).conversations.getEvent(
        conversationId,
        eventId,
      );
      return isRecord(event) && typeof event.timestamp === 'string' ? event.timestamp : null;
    },
    staleTime: Infinity,
    retry: false,
  });
