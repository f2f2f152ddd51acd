import { describe, expect, it } from 'vitest';
import type { AgentServerClients } from '../agent-server/client';
import { GapFiller, type GapState } from './gapFiller';

// A fill superseded before its read came back must not take its range with it: the fill after it
// reads from the earlier start, which holds everything the later one would read.

type Search = { page_id?: string; timestamp__gte?: string };

function filler() {
  const asked: Search[] = [];
  const answers: ((page: { items: unknown[]; next_page_id: string | null }) => void)[] = [];
  const received: unknown[] = [];
  const states: GapState[] = [];
  const conversations = {
    searchEvents: (_id: string, search: Search) => {
      asked.push(search);
      return new Promise((resolve) => answers.push(resolve));
    },
    getConversation: () => Promise.resolve({ execution_status: 'running' }),
  } as unknown as AgentServerClients['conversations'];
  const gap = new GapFiller({
    conversations,
    conversationId: 'c1',
    receive: (item) => received.push(item),
    noteConversationInfo: () => {},
    statusKnown: () => true,
    setState: (state) => states.push(state),
    timers: { now: () => 0, setTimeout: () => 0, clearTimeout: () => {} },
  });
  return { gap, asked, answers, received, states };
}

describe('a fill superseded before its read came back', () => {
  it('leaves its range to the fill after it', async () => {
    const { gap, asked, answers, received } = filler();
    const joined = gap.fill({ afterEventId: 'e5' });
    // A reconnect asks for what came since the newest event held, above the hole.
    const reconnected = gap.fill({ sinceTimestamp: '2026-11-27T00:00:09' });
    answers[0]!({ items: [{ id: 'e5' }, { id: 'e6' }], next_page_id: null });
    expect(await joined).toBe(false);
    expect(asked[1]).toEqual({ limit: 100, sort_order: 'TIMESTAMP', page_id: 'e5' });
    answers[1]!({ items: [{ id: 'e5' }, { id: 'e6' }, { id: 'e9' }], next_page_id: null });
    expect(await reconnected).toBe(true);
    expect(received).toEqual([{ id: 'e5' }, { id: 'e6' }, { id: 'e9' }]);
  });

  it('is forgotten once a fill is done, and when the session stops', async () => {
    const { gap, asked, answers } = filler();
    const first = gap.fill({ afterEventId: 'e5' });
    answers[0]!({ items: [], next_page_id: null });
    expect(await first).toBe(true);
    void gap.fill({ sinceTimestamp: 'T9' });
    expect(asked[1]).toEqual({ limit: 100, sort_order: 'TIMESTAMP', timestamp__gte: 'T9' });

    gap.stop();
    void gap.fill({ afterEventId: 'e12' });
    expect(asked[2]).toEqual({ limit: 100, sort_order: 'TIMESTAMP', page_id: 'e12' });
  });
});
