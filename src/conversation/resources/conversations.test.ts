// @vitest-environment jsdom
// (The query library schedules interval reads only where there is a window.)
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ConversationInfo } from '../../agent-server/protocol';
import {
  conversationListKey,
  conversationListQuery,
  conversationQuery,
  conversationRunSettled,
  untitledReadMs,
} from './conversations';

// The server names a new conversation in the background and says so nowhere: after a run settles,
// a shown untitled conversation is read again until the name is there, and not past it.

const settings = { serverUrl: 'http://titles.test', sessionApiKey: '' };
const id = 'c0ffee00-0000-4000-8000-000000000001';
const server = setupServer();
let reads = 0;
let titledFromRead = 3;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The query library's timers run on a clock the test moves: "no more reads" is proved by moving
// it a minute past the last delay, not by waiting in real time.
beforeEach(() =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }),
);
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

function answerInfo() {
  reads = 0;
  server.use(
    http.get(`${settings.serverUrl}/api/conversations/${id}`, () => {
      reads += 1;
      const title = reads >= titledFromRead ? 'Scripted title' : null;
      return HttpResponse.json({
        id,
        title,
        execution_status: 'finished',
        updated_at: '2026-11-27T00:00:00Z',
      });
    }),
  );
}

function openConversation(queryClient: QueryClient): () => void {
  queryClient.setQueryData(conversationListKey(settings), {
    pages: [{ items: [{ id, title: null }], next_page_id: null }],
    pageParams: [''],
  });
  const observer = new QueryObserver(queryClient, conversationQuery(settings, id, [10, 10, 10, 10]));
  return observer.subscribe(() => {});
}

const listed = (queryClient: QueryClient) =>
  queryClient.getQueryData<{ pages: { items: ConversationInfo[] }[] }>(conversationListKey(settings))!
    .pages[0]!.items[0]!;
/** Moves the clock on, letting every read it starts be answered. */
const pause = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const until = async (condition: () => boolean) => {
  for (let waited = 0; !condition() && waited < 5_000; waited += 5) await pause(5);
};

describe('an untitled conversation', () => {
  it('is read again after a run settles until the server has named it, then no more', async () => {
    titledFromRead = 4;
    answerInfo();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const close = openConversation(queryClient);
    await until(() => reads === 1);
    // Opened untitled, with no run seen: an old conversation nobody is naming any more.
    await pause(60_000);
    expect(reads).toBe(1);

    await conversationRunSettled(queryClient, settings, id);
    expect(reads).toBe(2);
    await until(() => reads === 4);
    await until(() => listed(queryClient).title === 'Scripted title');
    expect(queryClient.getQueryData<ConversationInfo>(conversationQuery(settings, id).queryKey)?.title).toBe(
      'Scripted title',
    );
    expect(listed(queryClient).title).toBe('Scripted title');
    await pause(60_000);
    expect(reads).toBe(4);
    close();
  });

  it('is read again only as many times as there are delays, and only while shown', async () => {
    titledFromRead = Infinity;
    answerInfo();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const close = openConversation(queryClient);
    await until(() => reads === 1);
    await conversationRunSettled(queryClient, settings, id);
    // The settled read, then one for each of the four delays.
    await until(() => reads === 5);
    await pause(60_000);
    expect(reads).toBe(5);

    close();
    await conversationRunSettled(queryClient, settings, id);
    await pause(60_000);
    expect(reads).toBe(5);
    expect(listed(queryClient).title).toBeNull();
  });
});

describe('the rule for the next read', () => {
  const info = (title: string | null) => ({ id, title, execution_status: 'finished' }) as ConversationInfo;
  it('waits longer each time, and never for one not watched or named', () => {
    expect(untitledReadMs(info(null), 0, [1, 2])).toBe(1);
    expect(untitledReadMs(info(null), 1, [1, 2])).toBe(2);
    expect(untitledReadMs(info(null), 2, [1, 2])).toBe(false);
    expect(untitledReadMs(info(null), undefined, [1, 2])).toBe(false);
    expect(untitledReadMs(info('  '), 0, [1, 2])).toBe(1);
    expect(untitledReadMs(info('Named'), 0, [1, 2])).toBe(false);
    expect(untitledReadMs(undefined, 0, [1, 2])).toBe(false);
  });
});

describe("a conversation's info on a page load", () => {
  const listed = (ids: string[]) =>
    ids.map((listedId) => ({ id: listedId, title: `Title ${listedId}`, execution_status: 'idle' }));

  it('comes from the list read under way when the list holds it, and is read on its own when not', async () => {
    vi.useRealTimers();
    let infoReads = 0;
    let listReads = 0;
    server.use(
      http.get(`${settings.serverUrl}/api/conversations/search`, () => {
        listReads += 1;
        return HttpResponse.json({ items: listed([id, 'other']), next_page_id: null });
      }),
      http.get(`${settings.serverUrl}/api/conversations/:asked`, ({ params }) => {
        infoReads += 1;
        return HttpResponse.json({ id: params.asked, title: 'Read on its own', execution_status: 'idle' });
      }),
    );
    const queryClient = new QueryClient();
    void queryClient.prefetchInfiniteQuery(conversationListQuery(settings));
    const info = await queryClient.fetchQuery(conversationQuery(settings, id));
    expect(info.title).toBe(`Title ${id}`);
    expect({ listReads, infoReads }).toEqual({ listReads: 1, infoReads: 0 });

    void queryClient.refetchQueries({ queryKey: conversationListKey(settings) });
    const older = await queryClient.fetchQuery(conversationQuery(settings, 'not-on-the-first-page'));
    expect(older.title).toBe('Read on its own');
    // With no list read under way, the info is read as ever.
    await queryClient.fetchQuery({ ...conversationQuery(settings, id), staleTime: 0 });
    expect({ listReads, infoReads }).toEqual({ listReads: 2, infoReads: 2 });
  });
});
