import type { ConversationInfo, ExecutionStatus, ServerEvent } from '../src/agent-server/protocol';
import { EventClock, agentMessage, statusUpdate, userMessage } from './events';

// The mock agent-server's memory. It follows the real server's search semantics
// (openhands/agent_server/event_service.py `_search_events_sync`): events stay in append
// order, `page_id` is the id of the first event of the page (inclusive), `next_page_id` the id
// of the first event left out; an unknown page_id restarts from the beginning.

export interface StoredConversation {
  info: ConversationInfo;
  events: ServerEvent[];
}

export class MockStore {
  readonly conversations = new Map<string, StoredConversation>();
  /** Empty: no key required, like a server started without OH_SESSION_API_KEYS. */
  sessionApiKeys: string[] = [];
  /** Bodies of the writes the mock received, oldest first: what tests assert payloads against. */
  readonly received: { method: string; path: string; body: unknown }[] = [];
  private created = 0;

  constructor(private readonly now: () => Date = () => new Date()) {}

  add(conversation: StoredConversation): void {
    this.conversations.set(conversation.info.id, conversation);
  }

  get(id: string): StoredConversation | undefined {
    return this.conversations.get(id);
  }

  searchConversations(params: {
    limit: number;
    pageId: string | null;
    sortOrder: string;
    status: string | null;
  }) {
    const field = params.sortOrder.startsWith('UPDATED_AT') ? 'updated_at' : 'created_at';
    const descending = params.sortOrder.endsWith('_DESC');
    const records = [...this.conversations.values()]
      .map((c) => c.info)
      .filter((info) => !params.status || info.execution_status === params.status)
      .sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0) * (descending ? -1 : 1));
    // The real server pages conversations by their id in hex (no dashes).
    const start = params.pageId
      ? Math.max(
          0,
          records.findIndex((r) => hex(r.id) === params.pageId),
        )
      : 0;
    const items = records.slice(start, start + params.limit);
    const next = records[start + params.limit];
    return { items, next_page_id: next ? hex(next.id) : null };
  }

  searchEvents(
    conversation: StoredConversation,
    params: {
      limit: number;
      pageId: string | null;
      descending: boolean;
      gte: string | null;
      lt: string | null;
    },
  ) {
    const events = conversation.events;
    let start = params.pageId ? events.findIndex((e) => e.id === params.pageId) : -1;
    if (start < 0) start = params.descending ? events.length - 1 : 0;
    const items: ServerEvent[] = [];
    let next: string | null = null;
    for (let i = start; params.descending ? i >= 0 : i < events.length; i += params.descending ? -1 : 1) {
      const event = events[i]!;
      if (params.gte && event.timestamp < params.gte) continue;
      if (params.lt && event.timestamp >= params.lt) continue;
      if (items.length >= params.limit) {
        next = event.id;
        break;
      }
      items.push(event);
    }
    return { items, next_page_id: next };
  }

  createConversation(text: string | null, run: boolean): StoredConversation {
    this.created += 1;
    const now = this.now();
    const id = `00000000-0000-4000-8000-${String(900000000000 + this.created)}`;
    const clock = new EventClock(now.getTime(), `new${this.created}`);
    const conversation: StoredConversation = {
      info: {
        id,
        title: null,
        execution_status: 'idle',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      },
      events: [],
    };
    this.add(conversation);
    if (text) this.appendUserMessage(conversation, text, run, clock);
    return conversation;
  }

  /**
   * Stands in for the agent until the live mock agent arrives: a run answers at once, so a
   * message sent with run:true is never left without a reply.
   */
  appendUserMessage(
    conversation: StoredConversation,
    text: string,
    run: boolean,
    clock = this.clockFor(conversation),
  ): void {
    conversation.events.push(userMessage(clock, text));
    conversation.info.updated_at = this.now().toISOString();
    if (!run) return;
    conversation.events.push(statusUpdate(clock, 'running'));
    conversation.events.push(
      agentMessage(clock, `I read: “${text.slice(0, 200)}”. The mock agent has nothing more to add.`),
    );
    conversation.events.push(statusUpdate(clock, 'finished'));
    this.setStatus(conversation, 'finished');
  }

  setStatus(conversation: StoredConversation, status: ExecutionStatus): void {
    conversation.info.execution_status = status;
    conversation.info.updated_at = this.now().toISOString();
  }

  private clockFor(conversation: StoredConversation): EventClock {
    const last = conversation.events.at(-1)?.timestamp;
    const startMs = Math.max(last ? Date.parse(`${last.slice(0, 23)}Z`) : 0, this.now().getTime() - 1000);
    return new EventClock(startMs, `${conversation.info.id.slice(-6)}-${conversation.events.length}`);
  }
}

function hex(id: string): string {
  return id.replaceAll('-', '');
}
