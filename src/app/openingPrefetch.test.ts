import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { BUILT_IN_MOCK } from '../agent-server/servers';
import { eventHistoryQuery } from '../conversation/resources/events';
import { openedConversationController } from './openingPrefetch';

/** What main.tsx does: the opened conversation's controller asks for its newest page. */
const prefetchOpenedConversation = (client: QueryClient, path: string) =>
  void openedConversationController(client, path)?.prefetchNewest();

afterEach(() => void vi.unstubAllGlobals());

describe('the history page asked for before the first render', () => {
  it('is asked for when the address opens a conversation, into the key the view reads', () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    prefetchOpenedConversation(client, '/s/mock/conversations/c%201');
    const key = eventHistoryQuery(BUILT_IN_MOCK, 'c 1').queryKey;
    expect(client.getQueryState(key)?.fetchStatus).toBe('fetching');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/api/conversations/c%201/events/search');
  });

  it('is asked of the default server for an address of the single-server days', () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    prefetchOpenedConversation(client, '/conversations/c1');
    expect(client.getQueryState(eventHistoryQuery(BUILT_IN_MOCK, 'c1').queryKey)?.fetchStatus).toBe(
      'fetching',
    );
  });

  it('comes from the one controller of the conversation, which the view then finds', () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const opened = openedConversationController(client, '/conversations/c2');
    expect(openedConversationController(client, '/conversations/c2')).toBe(opened);
  });

  it('is not asked for on any other address, a malformed one, or an unknown server', () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    for (const path of [
      '/',
      '/conversations',
      '/conversations/a/b',
      '/conversations/%E0%A4%A',
      '/s/nobody/conversations/c1',
    ])
      prefetchOpenedConversation(client, path);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});
