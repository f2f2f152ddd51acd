import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@openhands/typescript-client/client/http-client';
import type { AgentServerClients } from '../../agent-server/client';
import { EventClock, agentMessage } from '../../../mocks/events';
import { lookAfterSilence } from './silenceCheck';

const clock = () => new EventClock(Date.UTC(2026, 10, 24, 9), 'q');

function server(items: unknown[], info: unknown = { id: 'c1', execution_status: 'running' }) {
  return {
    searchEvents: vi.fn().mockResolvedValue({ items, next_page_id: null }),
    getConversation: vi.fn().mockResolvedValue(info),
  } as unknown as AgentServerClients['conversations'] & {
    searchEvents: ReturnType<typeof vi.fn>;
    getConversation: ReturnType<typeof vi.fn>;
  };
}

const holding = (...ids: string[]) => ({
  newestTimestamp: '2026-11-24T09:00:00',
  has: (id: string) => ids.includes(id),
});

describe('a socket silent during a run', () => {
  it('is deaf when the server holds an event the screen does not: reconnect', async () => {
    const c = clock();
    const [seen, missed] = [agentMessage(c, 'seen'), agentMessage(c, 'missed')];
    const conversations = server([seen, missed]);
    expect(await lookAfterSilence(conversations, 'c1', holding(seen.id))).toEqual({ kind: 'reconnect' });
    // Only the newest few since the newest held event are asked for.
    expect(conversations.searchEvents).toHaveBeenCalledWith(
      'c1',
      expect.objectContaining({ timestamp__gte: '2026-11-24T09:00:00' }),
    );
    expect(conversations.getConversation).not.toHaveBeenCalled();
  });

  it('is fine when everything is held, and the info says the status it may have missed', async () => {
    const c = clock();
    const seen = agentMessage(c, 'seen');
    const conversations = server([seen], { id: 'c1', execution_status: 'finished' });
    expect(await lookAfterSilence(conversations, 'c1', holding(seen.id))).toEqual({
      kind: 'fine',
      status: 'finished',
    });
  });

  it('counts a look that fails as deaf', async () => {
    const conversations = server([]);
    conversations.searchEvents.mockRejectedValueOnce(new HttpError(503, 'Unavailable', { detail: 'busy' }));
    expect(await lookAfterSilence(conversations, 'c1', holding())).toEqual({ kind: 'reconnect' });
  });

  it('ignores what is not an event', async () => {
    const conversations = server([{ nothing: true }], { id: 'c1', execution_status: 'running' });
    expect(await lookAfterSilence(conversations, 'c1', holding())).toEqual({
      kind: 'fine',
      status: 'running',
    });
  });
});
