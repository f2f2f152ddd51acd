import { MockSecrets } from './secrets';
import { MockProviderConnections } from './providerConnections';
import { MockMcpSettings } from './mcp';
import { MockSkills } from './skills';
import type { ConversationInfo, ExecutionStatus, WireEvent } from '../src/agent-server/protocol';
import { LiveClock } from './events';
import { MockWorkspace } from './workspace';
import { appendUnder, headOf, pathToRoot } from './tree';
import { DEFAULT_TOOL_NAMES, type AgentTiming, type RunState } from './scripts';

// The mock agent-server's memory. It follows the real server's search semantics
// (openhands/agent_server/event_service.py `_search_events_sync`): events stay in append
// order, `page_id` is the id of the first event of the page (inclusive), `next_page_id` the id
// of the first event left out; an unknown page_id restarts from the beginning.
// What changed since seeding can be kept in a Storage, so a page reload finds it again; with
// localStorage, every tab of the browser shares it (see applyJournal).

export interface StoredConversation {
  info: ConversationInfo;
  events: WireEvent[];
}

interface Journal {
  version: 1;
  /** `replaced`: the seeds were thrown away too (a server that lost a conversation's log). */
  conversations: { info: ConversationInfo; appended: WireEvent[]; replaced?: boolean }[];
  deleted: string[];
  runs: [string, RunState][];
  agentTiming: AgentTiming;
  /** Absent in journals written before names were kept. */
  toName?: [string, PendingName][];
}

/**
 * A conversation made with `autotitle` and not named yet: `title` and `dueAt` are set once its
 * first message has come (the server's title call is then on its way).
 */
export interface PendingName {
  title?: string;
  dueAt?: number;
}

export const JOURNAL_KEY = 'tether.mock-agent-server';

export class MockStore {
  readonly conversations = new Map<string, StoredConversation>();
  /** Empty: no key required, like a server started without OH_SESSION_API_KEYS. */
  sessionApiKeys: string[] = [];
  /** Bodies of the writes the mock received, oldest first: what tests assert payloads against. */
  readonly received: { method: string; path: string; body: unknown }[] = [];
  /** Runs of the scripted agent, by conversation id. */
  readonly runs = new Map<string, RunState>();
  agentTiming: AgentTiming = { tokenMs: 30, toolMs: 600 };
  /** Conversations the server is to name (mocks/agent.ts), kept across reloads like the runs. */
  readonly toName = new Map<string, PendingName>();
  private readonly seededLength = new Map<string, number>();
  private readonly touched = new Set<string>();
  private readonly deleted = new Set<string>();
  private readonly clocks = new Map<string, LiveClock>();
  /** The folders the server keeps for its clients' workspace pickers (GET/POST /api/workspaces). */
  savedWorkspaces: { id: string; name: string; path: string }[] = [];
  /** The files the conversations work on (one repository, as on a server whose conversations share a folder). */
  readonly workspace: MockWorkspace;
  /** The server's stored secrets (GET/PUT/DELETE /api/settings/secrets). */
  readonly secrets: MockSecrets;
  /** The model keys it keeps (/api/llm/provider-connections). */
  readonly providerConnections: MockProviderConnections;
  /** The MCP servers of its settings (/api/settings/mcp/{name}). */
  readonly mcp: MockMcpSettings;
  /** Its installed skills and the sources it can install from (/api/skills). */
  readonly skills: MockSkills;

  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly storage?: Storage,
  ) {
    this.workspace = new MockWorkspace(storage);
    this.secrets = new MockSecrets(storage);
    this.providerConnections = new MockProviderConnections(storage);
    this.mcp = new MockMcpSettings(storage);
    this.skills = new MockSkills(storage);
  }

  add(conversation: StoredConversation): void {
    this.conversations.set(conversation.info.id, conversation);
  }

  /** Marks the current content as the seed: only later changes are journaled. */
  sealSeeds(): void {
    for (const [id, conversation] of this.conversations)
      this.seededLength.set(id, conversation.events.length);
  }

  /** The conversations naming this one their parent, as the server derives them on each read. */
  childrenOf(id: string): string[] {
    return [...this.conversations.values()]
      .filter((conversation) => conversation.info.parent_conversation_id === id)
      .map((conversation) => conversation.info.id);
  }

  get(id: string): StoredConversation | undefined {
    return this.conversations.get(id);
  }

  remove(id: string): boolean {
    const removed = this.conversations.delete(id);
    if (removed) {
      this.deleted.add(id);
      this.runs.delete(id);
      this.save();
    }
    return removed;
  }

  /**
   * Test control: the conversation's log is replaced by another under the same id, as on a
   * server that was reset (kept across reloads like any change).
   */
  replaceEvents(conversation: StoredConversation, events: WireEvent[]): void {
    conversation.events = events;
    this.seededLength.set(conversation.info.id, 0);
    this.replaced.add(conversation.info.id);
    this.touch(conversation);
  }
  private readonly replaced = new Set<string>();

  /** Appends as the server does: under HEAD, which then moves to the event (see tree.ts). */
  append(conversation: StoredConversation, event: WireEvent): WireEvent {
    const appended = appendUnder(event, headOf(conversation), conversation.events.length === 0);
    conversation.events.push(appended.event);
    conversation.info.leaf_event_id = appended.head;
    // As the server keeps it: the newest message of the person's.
    if (event.kind === 'MessageEvent' && event.source === 'user')
      conversation.info.last_user_message_id = appended.event.id;
    conversation.info.updated_at = this.now().toISOString();
    this.touch(conversation);
    return appended.event;
  }

  /** `POST /navigate`: HEAD moves, nothing is appended. */
  navigate(conversation: StoredConversation, eventId: string | null): void {
    conversation.info.leaf_event_id = eventId;
    this.touch(conversation);
  }

  /** `POST /fork`: a new, idle conversation with a copy of one branch (or of the whole log). */
  fork(source: StoredConversation, fromEventId: string | null, title: string | null): StoredConversation {
    const events = fromEventId === null ? [...source.events] : pathToRoot(source.events, fromEventId);
    const now = this.now().toISOString();
    const conversation: StoredConversation = {
      info: {
        ...structuredClone(source.info),
        id: crypto.randomUUID(),
        title,
        execution_status: 'idle',
        created_at: now,
        updated_at: now,
        leaf_event_id: fromEventId ?? source.info.leaf_event_id ?? null,
        forked_from_conversation_id: source.info.id,
        forked_from_event_id: fromEventId,
        // The server starts a fork's usage afresh unless asked not to.
        stats: { usage_to_metrics: {} },
      },
      events,
    };
    this.add(conversation);
    this.touch(conversation);
    return conversation;
  }

  touch(conversation: StoredConversation): void {
    this.touched.add(conversation.info.id);
    this.save();
  }

  clockFor(conversation: StoredConversation): LiveClock {
    let clock = this.clocks.get(conversation.info.id);
    if (!clock) {
      const last = conversation.events.at(-1)?.timestamp;
      const lastMs = last ? Date.parse(`${last.slice(0, 23)}Z`) : 0;
      clock = new LiveClock(`ev-${conversation.info.id.slice(-4)}`, () =>
        Math.max(this.now().getTime(), lastMs + 1),
      );
      this.clocks.set(conversation.info.id, clock);
    }
    return clock;
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
    events: readonly WireEvent[],
    params: {
      limit: number;
      pageId: string | null;
      descending: boolean;
      gte: string | null;
      lt: string | null;
    },
  ) {
    let start = params.pageId ? events.findIndex((e) => e.id === params.pageId) : -1;
    if (start < 0) start = params.descending ? events.length - 1 : 0;
    const items: WireEvent[] = [];
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

  createConversation(
    confirmationPolicy: string,
    agent: unknown = defaultAgent(),
    workingDir = 'workspace',
  ): StoredConversation {
    const now = this.now();
    const id = crypto.randomUUID();
    const conversation: StoredConversation = {
      info: {
        id,
        title: null,
        execution_status: 'idle',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        confirmation_policy: { kind: confirmationPolicy },
        agent,
        workspace: { kind: 'LocalWorkspace', working_dir: workingDir },
        last_user_message_id: null,
        tags: {},
      },
      events: [],
    };
    this.add(conversation);
    this.touch(conversation);
    return conversation;
  }

  setStatus(conversation: StoredConversation, status: ExecutionStatus): void {
    conversation.info.execution_status = status;
    conversation.info.updated_at = this.now().toISOString();
    this.touch(conversation);
  }

  /** Writes what changed since seeding (and the agent's runs) to the storage, if any. */
  save(): void {
    if (!this.storage) return;
    const journal: Journal = {
      version: 1,
      conversations: [...this.touched].flatMap((id) => {
        const conversation = this.conversations.get(id);
        if (!conversation) return [];
        return [
          {
            info: conversation.info,
            appended: conversation.events.slice(this.seededLength.get(id) ?? 0),
            ...(this.replaced.has(id) ? { replaced: true } : {}),
          },
        ];
      }),
      deleted: [...this.deleted],
      runs: [...this.runs],
      agentTiming: this.agentTiming,
      toName: [...this.toName],
    };
    try {
      this.storage.setItem(JOURNAL_KEY, JSON.stringify(journal));
    } catch (error) {
      console.warn('The mock agent-server could not keep its changes across reloads:', error);
    }
  }

  /** Re-applies a saved journal on top of the seeds. */
  restore(): void {
    const text = this.storage?.getItem(JOURNAL_KEY);
    if (text) this.applyJournal(text);
  }

  /**
   * Brings in what another tab of this browser wrote (the storage event's new journal): returns
   * the events this store did not hold yet, and the conversations deleted since.
   */
  applyJournal(
    text: string,
    ownTab?: string,
  ): { appended: [StoredConversation, WireEvent][]; deleted: string[] } {
    const changes: { appended: [StoredConversation, WireEvent][]; deleted: string[] } = {
      appended: [],
      deleted: [],
    };
    let journal: Journal;
    try {
      journal = JSON.parse(text) as Journal;
    } catch {
      return changes;
    }
    if (journal.version !== 1) return changes;
    for (const id of journal.deleted) {
      if (this.conversations.delete(id)) changes.deleted.push(id);
      this.deleted.add(id);
      this.runs.delete(id);
    }
    for (const { info, appended, replaced } of journal.conversations) {
      let conversation = this.conversations.get(info.id);
      if (!conversation) {
        if (this.deleted.has(info.id)) continue;
        conversation = { info, events: [] };
        this.add(conversation);
      }
      if (replaced && !this.replaced.has(info.id)) {
        conversation.events = [];
        this.seededLength.set(info.id, 0);
        this.replaced.add(info.id);
      }
      const held = conversation.events.length - (this.seededLength.get(info.id) ?? 0);
      // A tab that lags behind this one writes an older info: keep the newer.
      if (appended.length >= held) conversation.info = info;
      for (const event of appended.slice(Math.max(0, held))) {
        conversation.events.push(event);
        changes.appended.push([conversation, event]);
      }
      this.touched.add(info.id);
    }
    // The runs this tab performs are its own to keep; the others are as their owners wrote them.
    const own = (id: string) => ownTab !== undefined && this.runs.get(id)?.owner === ownTab;
    for (const [id, run] of journal.runs) if (!own(id)) this.runs.set(id, run);
    for (const id of [...this.runs.keys()])
      if (!own(id) && !journal.runs.some(([runId]) => runId === id)) this.runs.delete(id);
    if (journal.agentTiming) this.agentTiming = journal.agentTiming;
    for (const [id, pending] of journal.toName ?? []) if (!this.toName.has(id)) this.toName.set(id, pending);
    return changes;
  }
}

/** The agent as ConversationInfo shows it: the server never echoes the LLM key back. */
export function defaultAgent(
  model = 'openai/gpt-4o-mini',
  baseUrl: string | null = null,
  condenser = false,
  tools: readonly Record<string, unknown>[] = DEFAULT_TOOLS,
) {
  const llm = {
    model,
    base_url: baseUrl,
    api_key: null,
    usage_id: 'agent',
    stream: true,
    is_subscription: false,
  };
  return {
    kind: 'Agent',
    llm,
    // The real server always says, null when there is none.
    condenser: condenser
      ? {
          kind: 'LLMSummarizingCondenser',
          llm: { ...llm, usage_id: 'condenser' },
          max_size: 120,
          keep_first: 4,
        }
      : null,
    // As asked for: the server keeps the create request's tools.
    tools,
  };
}

const DEFAULT_TOOLS = [
  { name: 'terminal', params: { terminal_type: 'subprocess' } },
  { name: 'file_editor' },
  { name: 'task_tracker' },
];

/** The names of the tools a conversation was given. */
export function toolNamesOf(conversation: StoredConversation): string[] {
  const tools = (conversation.info.agent as { tools?: unknown } | undefined)?.tools;
  return Array.isArray(tools)
    ? tools.flatMap((tool) =>
        tool && typeof tool === 'object' && typeof tool.name === 'string' ? [tool.name] : [],
      )
    : DEFAULT_TOOL_NAMES;
}

function hex(id: string): string {
  return id.replaceAll('-', '');
}
