import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupServer } from 'msw/node';
import { ConversationClient } from '@openhands/typescript-client/clients';
import { MOCK_SERVER_URL } from '../src/agent-server/servers';
import type { WireEvent } from '../src/agent-server/protocol';
import { SEEDED, seedStore } from './fixtures';
import { MockAgentServer } from './handlers';
import { TITLE_AFTER_MS, fallbackTitle } from './agent';
import { MockStore } from './store';

const store = new MockStore(() => new Date(Date.UTC(2026, 10, 21)));
seedStore(store);
store.sealSeeds();
const mock = new MockAgentServer(store);
mock.agent.timing = { tokenMs: 1, toolMs: 5 };
const server = setupServer(...mock.handlers());
const client = new ConversationClient({ host: MOCK_SERVER_URL });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('seeded conversations', () => {
  it('hold events in the server’s order: strictly increasing timestamps, unique ids', () => {
    for (const { info, events } of store.conversations.values()) {
      const ids = new Set(events.map((e) => e.id));
      expect(ids.size, info.id).toBe(events.length);
      for (let i = 1; i < events.length; i++)
        expect(events[i]!.timestamp > events[i - 1]!.timestamp, info.id).toBe(true);
    }
  });

  it('include a conversation of 2,000 events', () => {
    expect(store.get(SEEDED.long)!.events).toHaveLength(2000);
  });
});

describe('mock REST semantics (as the real server)', () => {
  it('pages conversations with next_page_id, newest update first', async () => {
    const first = await client.searchConversations({ limit: 20, sort_order: 'UPDATED_AT_DESC' as never });
    expect(first.items).toHaveLength(20);
    expect(first.next_page_id).toBeTruthy();
    const second = await client.searchConversations({
      limit: 20,
      page_id: first.next_page_id!,
      sort_order: 'UPDATED_AT_DESC' as never,
    });
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((c) => c.id)).size).toBe(store.conversations.size);
    const updated = all.map((c) => String(c.updated_at));
    expect(updated).toEqual([...updated].sort().reverse());
  });

  it('pages events newest first; page_id is the first event of the next page, inclusive', async () => {
    const events = store.get(SEEDED.long)!.events;
    const first = await client.searchEvents(SEEDED.long, { limit: 100, sort_order: 'TIMESTAMP_DESC' });
    const items = first.items as unknown as WireEvent[];
    expect(items[0]!.id).toBe(events.at(-1)!.id);
    expect(first.next_page_id).toBe(events.at(-101)!.id);
    const second = await client.searchEvents(SEEDED.long, {
      limit: 100,
      sort_order: 'TIMESTAMP_DESC',
      page_id: first.next_page_id!,
    });
    expect((second.items as unknown as WireEvent[])[0]!.id).toBe(first.next_page_id);
  });

  it('filters by bare kind and source', async () => {
    const page = await client.searchEvents(SEEDED.parallel, {
      kind: 'MessageEvent',
      source: 'user',
      limit: 1,
    });
    expect(page.items).toHaveLength(1);
    expect((page.items[0] as unknown as WireEvent).source).toBe('user');
  });

  it('answers 400 when deleting an unknown conversation, 404 when reading one', async () => {
    await expect(client.deleteConversation('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 400,
    });
    await expect(client.getConversation('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('creates a conversation whose initial message runs at once', async () => {
    const created = await client.createConversation<{ id: string }>({
      agent: { kind: 'Agent', llm: { model: 'x' } },
      initial_message: { role: 'user', content: [{ type: 'text', text: 'hello' }], run: true },
    });
    const stored = store.get(created.id)!;
    expect(stored.info.execution_status).toBe('running');
    await expect.poll(() => stored.info.execution_status, { timeout: 5000 }).toBe('finished');
    const kinds = stored.events.map((e) => `${e.kind}:${e.source}`);
    expect(kinds[0]).toBe('MessageEvent:user');
    expect(kinds.at(-2)).toBe('MessageEvent:agent');
    expect(kinds.filter((k) => k.startsWith('ActionEvent'))).toHaveLength(2);
    expect(kinds.filter((k) => k.startsWith('StreamingDeltaEvent'))).toEqual([]);
  });

  it('names a conversation from its first message a moment later, as the server does, unless asked not to', async () => {
    const long = 'Explain why the parser drops headers that contain a colon in their value';
    const created = await client.createConversation<{ id: string; title: string | null }>({
      agent: { kind: 'Agent', llm: { model: 'x' } },
      autotitle: true,
      initial_message: { role: 'user', content: [{ type: 'text', text: long }], run: true },
    } as never);
    expect(created.title).toBeNull();
    await expect
      .poll(async () => (await client.getConversation<{ title: string | null }>(created.id)).title, {
        timeout: 5000,
      })
      .toBe(`${long.slice(0, 47)}...`);
    expect(fallbackTitle('  Short one  ')).toBe('Short one');

    const unnamed = await client.createConversation<{ id: string }>({
      agent: { kind: 'Agent', llm: { model: 'x' } },
      autotitle: false,
      initial_message: { role: 'user', content: [{ type: 'text', text: 'hello' }], run: true },
    } as never);
    await new Promise((resolve) => setTimeout(resolve, TITLE_AFTER_MS + 100));
    expect(store.get(unnamed.id)!.info.title).toBeNull();
  });

  it('a name still on its way when the mock’s page reloads is saved when the mock starts again', async () => {
    vi.useFakeTimers();
    try {
      const kept = new Map<string, string>();
      const storage = {
        getItem: (key: string) => kept.get(key) ?? null,
        setItem: (key: string, value: string) => void kept.set(key, value),
      } as Storage;
      const before = new MockStore(() => new Date(), storage);
      const conversation = before.createConversation('NeverConfirm');
      const beforeReload = new MockAgentServer(before);
      beforeReload.agent.nameFromFirstMessage(conversation.info.id);
      beforeReload.agent.message(conversation, 'Fix the build', false);

      // The page reloads at once: a new mock starts from what the old one kept.
      const after = new MockStore(() => new Date(), storage);
      after.restore();
      new MockAgentServer(after).agent.resumeAll();
      expect(after.get(conversation.info.id)!.info.title).toBeNull();
      await vi.advanceTimersByTimeAsync(TITLE_AFTER_MS);
      expect(after.get(conversation.info.id)!.info.title).toBe('Fix the build');
      expect(after.toName.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects a wrong session key with 401', async () => {
    store.sessionApiKeys = ['right'];
    try {
      const wrong = new ConversationClient({ host: MOCK_SERVER_URL, apiKey: 'wrong' });
      await expect(wrong.searchConversations({ limit: 1 })).rejects.toMatchObject({ status: 401 });
      const right = new ConversationClient({ host: MOCK_SERVER_URL, apiKey: 'right' });
      await expect(right.searchConversations({ limit: 1 })).resolves.toMatchObject({
        items: [expect.anything()],
      });
    } finally {
      store.sessionApiKeys = [];
    }
  });
});

describe('journal across page reloads', () => {
  it('restores what changed since seeding, and the agent’s runs and pace', () => {
    const memory = new Map<string, string>();
    const storage = {
      getItem: (k: string) => memory.get(k) ?? null,
      setItem: (k: string, v: string) => void memory.set(k, v),
    } as unknown as Storage;
    const first = new MockStore(() => new Date(Date.UTC(2026, 10, 21)), storage);
    seedStore(first);
    first.sealSeeds();
    const created = first.createConversation('NeverConfirm');
    first.append(created, {
      id: 'x1',
      kind: 'MessageEvent',
      source: 'user',
      timestamp: '2026-11-21T00:00:00',
    } as WireEvent);
    first.get(SEEDED.parser)!.info.title = 'Renamed';
    first.touch(first.get(SEEDED.parser)!);
    first.remove(SEEDED.crash);
    first.runs.set(created.info.id, { steps: [{ type: 'answer', say: 'hi' }], step: 0 });
    first.agentTiming = { tokenMs: 7, toolMs: 8 };
    first.save();

    const second = new MockStore(() => new Date(), storage);
    seedStore(second);
    second.sealSeeds();
    second.restore();
    expect(second.get(created.info.id)!.events.map((e) => e.id)).toEqual(['x1']);
    expect(second.get(SEEDED.parser)!.info.title).toBe('Renamed');
    expect(second.get(SEEDED.parser)!.events).toHaveLength(first.get(SEEDED.parser)!.events.length);
    expect(second.get(SEEDED.crash)).toBeUndefined();
    expect(second.runs.get(created.info.id)).toMatchObject({ step: 0 });
    expect(second.agentTiming).toEqual({ tokenMs: 7, toolMs: 8 });
  });
});
