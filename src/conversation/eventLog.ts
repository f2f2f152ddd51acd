import { asServerEvent, type ServerEvent } from '../agent-server/protocol';
import { ConversationProjection } from './projection';

// One event log per conversation: what the server said, deduplicated by id, with its
// projection kept up to date. History pages (and, later, socket frames) feed it; React reads it
// through useSyncExternalStore.

export class ConversationEventLog {
  readonly projection = new ConversationProjection();
  /** Frames or items that could not be keyed (no id or kind): reported, never rendered. */
  rejected = 0;
  private readonly listeners = new Set<() => void>();
  private version = 0;

  ingest(raw: readonly unknown[]): void {
    const events: ServerEvent[] = [];
    let rejected = 0;
    for (const item of raw) {
      const event = asServerEvent(item);
      if (event) events.push(event);
      else rejected++;
    }
    const changed = this.projection.apply(events) || rejected > 0;
    this.rejected += rejected;
    if (changed) {
      this.version++;
      for (const listener of this.listeners) listener();
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;
}

const logs = new Map<string, ConversationEventLog>();

export function eventLogFor(serverUrl: string, conversationId: string): ConversationEventLog {
  const key = `${serverUrl}\u0000${conversationId}`;
  let log = logs.get(key);
  if (!log) {
    log = new ConversationEventLog();
    logs.set(key, log);
  }
  return log;
}

export function forgetEventLog(serverUrl: string, conversationId: string): void {
  logs.delete(`${serverUrl}\u0000${conversationId}`);
}
