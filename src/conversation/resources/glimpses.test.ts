// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentServer } from '../../agent-server/servers';

const reads: { conversationId: string; finish: (items: unknown[] | Error) => void }[] = [];
vi.mock('../../agent-server/client', async (original) => ({
  ...(await original<typeof import('../../agent-server/client')>()),
  agentServerClients: () => ({
    conversations: {
      searchEvents: (conversationId: string) =>
        new Promise((resolve, reject) =>
          reads.push({
            conversationId,
            finish: (items) => (items instanceof Error ? reject(items) : resolve({ items })),
          }),
        ),
    },
  }),
}));

const { GlimpseReader, GLIMPSES_AT_ONCE } = await import('./glimpses');
const { boardMemory } = await import('../board/boardMemory');

const server = (id: string) =>
  ({ id, name: id, serverUrl: `http://${id}`, sessionApiKey: '' }) as AgentServer;
const wish = (serverId: string, id: string, updatedAt = '2026-11-29T10:00:00Z') => ({
  key: `${serverId}/${id}`,
  server: server(serverId),
  conversationId: id,
  updatedAt,
});

describe('the board’s glimpse reads', () => {
  beforeEach(() => {
    reads.length = 0;
    localStorage.clear();
    boardMemory.setState({ seen: {}, glimpses: {} });
  });
  afterEach(() => vi.useRealTimers());

  it('are a few at a time per server, and what is no longer wanted is not read', async () => {
    const reader = new GlimpseReader();
    reader.want([wish('a', '1'), wish('a', '2'), wish('a', '3'), wish('a', '4'), wish('b', '1')]);
    expect(reads.map((read) => read.conversationId)).toEqual(['1', '2', '1']);
    expect(GLIMPSES_AT_ONCE).toBe(2);
    // The board no longer wants 3 (it was seen, say): 4 is read next.
    reader.want([wish('a', '4')]);
    reads[0]!.finish([]);
    await vi.waitFor(() => expect(reads.map((read) => read.conversationId)).toEqual(['1', '2', '1', '4']));
    expect(boardMemory.getState().glimpses['a/1']).toEqual({ readAt: '2026-11-29T10:00:00Z', edited: false });
    reader.stop();
  });

  it('are not made twice when the board asks again while one is under way', async () => {
    const reader = new GlimpseReader();
    reader.want([wish('a', '1')]);
    // The board draws again (a list read, a glimpse kept elsewhere) and still wants it.
    reader.want([wish('a', '1')]);
    reads[0]!.finish([]);
    await vi.waitFor(() => expect(boardMemory.getState().glimpses['a/1']).toBeDefined());
    reader.want([wish('a', '2')]);
    expect(reads.map((read) => read.conversationId)).toEqual(['1', '2']);
    reader.stop();
  });

  it('that failed are not asked again for a minute, unless the conversation changed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const reader = new GlimpseReader();
    reader.want([wish('a', '1')]);
    reads[0]!.finish(new Error('down'));
    // Once the failure is taken in, its slot is free: the conversation, changed since, is read.
    const changed = wish('a', '1', '2026-11-29T10:05:00Z');
    await vi.waitFor(() => {
      reader.want([changed]);
      expect(reads).toHaveLength(2);
    });
    reads[1]!.finish([]);
    await vi.waitFor(() => expect(boardMemory.getState().glimpses['a/1']?.readAt).toBe(changed.updatedAt));
    // As it was when the read failed, it is not asked for again within the minute…
    reader.want([wish('a', '1')]);
    expect(reads).toHaveLength(2);
    // …and is after it.
    vi.advanceTimersByTime(61_000);
    reader.want([wish('a', '1')]);
    expect(reads).toHaveLength(3);
    reader.stop();
  });
});
