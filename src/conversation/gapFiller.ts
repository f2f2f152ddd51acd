import { httpStatus, type AgentServerClients } from '../agent-server/client';
import { readConversation } from './resources/conversations';
import { readEventsInLogOrder } from './resources/events';

// Reads over REST what neither the history pages nor the socket brought: the events between the
// newest history page and the moment the socket subscribed, or (on the legacy socket) what a
// reconnect missed. A failed read is retried with backoff, and the screen says so meanwhile.

export type GapState =
  | { kind: 'idle' }
  | { kind: 'filling' }
  /** `error` is the failure itself: the banner says it in the language spoken when it is drawn. */
  | { kind: 'retrying'; attempt: number; retryAt: number; error: unknown }
  | { kind: 'gone' };

/** Where the read starts: after an event held (page_id, inclusive, in log order) or a timestamp. */
export type GapStart = { afterEventId?: string; sinceTimestamp?: string };

export interface GapFillerDependencies {
  conversations: AgentServerClients['conversations'];
  conversationId: string;
  receive: (item: unknown) => void;
  noteConversationInfo: (info: unknown) => void;
  /** Whether the socket already said the status: the info is then not read after a fill. */
  statusKnown: () => boolean;
  setState: (state: GapState) => void;
  timers: {
    now: () => number;
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (handle: unknown) => void;
  };
}

const RETRY_START_MS = 1_000;
const RETRY_CAP_MS = 15_000;

export function gapRetryDelay(attempt: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_START_MS * 2 ** Math.max(0, attempt - 1));
}

export class GapFiller {
  private retryTimer: unknown;
  /** Each fill supersedes the one before (its retry included); so does stop(). */
  private generation = 0;
  /**
   * Where the fill not yet done starts. A fill that supersedes it reads from there instead: its
   * own start is the log's newest event at that moment (the log only grows), so the earlier range
   * is the wider one, and dropping it left a hole that nothing read again (seen on the legacy
   * socket: the join's read answered twice, each time after a reconnect had superseded it).
   */
  private unfilled: GapStart | undefined;

  constructor(private readonly deps: GapFillerDependencies) {}

  /** Resolves true once the gap is filled, false if a newer fill or stop() superseded it. */
  async fill(wanted: GapStart, attempt = 1): Promise<boolean> {
    const generation = ++this.generation;
    const start = this.unfilled ?? wanted;
    this.unfilled = start;
    const { timers } = this.deps;
    timers.clearTimeout(this.retryTimer);
    this.deps.setState({ kind: 'filling' });
    try {
      await this.read(start, () => generation === this.generation);
      if (generation !== this.generation) return false;
      this.unfilled = undefined;
      this.deps.setState({ kind: 'idle' });
      return true;
    } catch (error) {
      if (generation !== this.generation) return false;
      if (httpStatus(error) === 404) {
        this.unfilled = undefined;
        this.deps.setState({ kind: 'gone' });
        return false;
      }
      const delay = gapRetryDelay(attempt);
      this.deps.setState({
        kind: 'retrying',
        attempt,
        retryAt: timers.now() + delay,
        error,
      });
      return new Promise((resolve) => {
        this.retryTimer = timers.setTimeout(() => {
          if (generation !== this.generation) return resolve(false);
          resolve(this.fill(start, attempt + 1));
        }, delay);
      });
    }
  }

  /** Drops the fill under way and its retry (the session closes, or restarts). */
  stop(): void {
    this.generation++;
    // A session that starts again joins its history anew (HistoryJoin.cutShort).
    this.unfilled = undefined;
    this.deps.timers.clearTimeout(this.retryTimer);
  }

  private async read(start: GapStart, current: () => boolean): Promise<void> {
    const { conversations, conversationId } = this.deps;
    await readEventsInLogOrder(conversations, conversationId, start, this.deps.receive, current);
    if (current() && !this.deps.statusKnown())
      this.deps.noteConversationInfo(await readConversation(conversations, conversationId));
  }
}
