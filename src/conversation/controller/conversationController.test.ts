import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { conversationQuery, conversationStatusChanged } from '../resources/conversations';
import { conversationController, retainController } from './controllers';
import { ConversationController } from './conversationController';

// The controller owns an open conversation outside React: what it reads goes into its log where
// it is read, the session hears of info reads (not of its own status echoed by the cache), and
// the registry keeps one per conversation while it is shown.

const settings = { serverUrl: 'http://controller.test', sessionApiKey: '' };
const id = 'c0ffee00-0000-4000-8000-0000000000c1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const said = (n: number) => ({
  id: `e${n}`,
  kind: 'MessageEvent',
  source: 'user',
  timestamp: `2026-11-28T00:00:0${n}`,
  llm_message: { role: 'user', content: [{ type: 'text', text: `message ${n}` }] },
});

function answer({ infoStatus = 200 }: { infoStatus?: number } = {}) {
  server.use(
    http.get(`${settings.serverUrl}/api/conversations/${id}/events/search`, () =>
      HttpResponse.json({ items: [said(2), said(1)], next_page_id: null }),
    ),
    http.get(`${settings.serverUrl}/api/conversations/${id}`, () =>
      infoStatus === 200
        ? HttpResponse.json({ id, title: 'Kept', execution_status: 'finished', leaf_event_id: 'e1' })
        : HttpResponse.json({ detail: 'Not Found' }, { status: infoStatus }),
    ),
  );
}

const controllerOf = (queryClient: QueryClient) =>
  new ConversationController({
    settings,
    conversationId: id,
    queryClient,
    whenIdle: () => new Promise(() => {}),
  });
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('the conversation controller', () => {
  it('puts the newest page into its log as it is read, with no view to copy it there', async () => {
    answer();
    const controller = controllerOf(client());
    await controller.prefetchNewest();
    expect(controller.log.has('e1') && controller.log.has('e2')).toBe(true);
  });

  it('holds what an earlier opening read from the start', async () => {
    answer();
    const queryClient = client();
    await controllerOf(queryClient).prefetchNewest();
    expect(controllerOf(queryClient).log.has('e2')).toBe(true);
  });

  it('tells the session of an info read, never of the session’s own status echoed by the cache', async () => {
    answer();
    const queryClient = client();
    const controller = controllerOf(queryClient);
    const noted = vi.spyOn(controller.session, 'noteConversationInfo');
    await queryClient.fetchQuery(conversationQuery(settings, id));
    expect(noted).toHaveBeenCalledTimes(1);
    conversationStatusChanged(queryClient, settings, id, 'running');
    expect(noted).toHaveBeenCalledTimes(1);
  });

  it('takes HEAD from the info read in this opening once the newest page is in too', async () => {
    answer();
    const queryClient = client();
    const controller = controllerOf(queryClient);
    await queryClient.fetchQuery(conversationQuery(settings, id));
    expect(controller.log.tree.head).toBeUndefined();
    await controller.prefetchNewest();
    expect(controller.log.tree.head).toBe('e1');
  });

  it('hears the server say the conversation does not exist', async () => {
    answer({ infoStatus: 404 });
    const queryClient = client();
    const controller = controllerOf(queryClient);
    await queryClient.prefetchQuery(conversationQuery(settings, id));
    expect(controller.goneFromServer).toBe(true);
  });

  it('feeds the newest page again after a reset, even before the query holds it', async () => {
    answer();
    const queryClient = client();
    const controller = controllerOf(queryClient);
    // Read, as the query reads, but not yet handed to the query's data: the copy's verdict is
    // given at this moment, and the log emptied.
    const { queryFn } = controller.historyQuery();
    await (queryFn as (context: { pageParam: string }) => Promise<unknown>)({ pageParam: '' });
    expect(queryClient.getQueryData(controller.historyQuery().queryKey)).toBeUndefined();
    controller.log.reset();
    controller.refeed();
    expect(controller.log.has('e2')).toBe(true);
  });
});

describe('the open controllers', () => {
  const deps = (queryClient: QueryClient) => ({
    settings,
    conversationId: id,
    queryClient,
    whenIdle: () => new Promise<void>(() => {}),
  });

  it('are one per conversation, kept while shown and across a view that comes straight back', async () => {
    vi.useFakeTimers();
    try {
      const queryClient = client();
      const controller = conversationController(deps(queryClient));
      expect(conversationController(deps(queryClient))).toBe(controller);
      const stop = vi.spyOn(controller.session, 'stop');
      const release = retainController(controller)!;
      // Strict mode: released and retained again in the same moment.
      release();
      const again = retainController(controller)!;
      await vi.runAllTimersAsync();
      expect(controller.closed).toBe(false);
      again();
      await vi.runAllTimersAsync();
      expect(controller.closed).toBe(true);
      expect(stop).toHaveBeenCalled();
      // Closed and forgotten: the next view gets a new one, and a closed one cannot be retained.
      expect(retainController(controller)).toBeUndefined();
      expect(conversationController(deps(queryClient))).not.toBe(controller);
    } finally {
      vi.useRealTimers();
    }
  });
});
