// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { forgetKeptLists, keepList, keptList } from '../copy/keptList';
import { conversationListKey, conversationListQuery, isListFromCopy } from './conversations';
import { isKeptListPage, keepListPage, paintKeptList } from './keptListPaint';

// The list as this browser last read it paints before the server answers, and the server's page
// replaces it; with the server out of reach it stays, said to be the copy's. What is kept is what
// a row shows: never the agent's settings, which carry the model's key.

const settings = { serverUrl: 'http://kept-list.test', sessionApiKey: 'session-key' };
const server = setupServer();
const info = (id: string, status: string, hour: number) => ({
  id,
  title: `Conversation ${id}`,
  execution_status: status,
  created_at: '2026-11-20T00:00:00Z',
  updated_at: `2026-11-20T${String(hour).padStart(2, '0')}:00:00Z`,
  agent: { llm: { model: 'scripted', api_key: 'sk-never-kept' } },
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => localStorage.clear());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function answerList(items: unknown[]) {
  let reads = 0;
  server.use(
    http.get(`${settings.serverUrl}/api/conversations/search`, () => {
      reads += 1;
      return HttpResponse.json({ items, next_page_id: null });
    }),
  );
  return () => reads;
}

describe('the kept list', () => {
  it('keeps what a row shows of each conversation, and nothing of its agent', () => {
    keepList(settings.serverUrl, { items: [info('a', 'running', 3), { no: 'id' }], next_page_id: 'p2' }, 42);
    const kept = keptList(settings.serverUrl)!;
    expect(kept).toEqual({
      savedAt: 42,
      nextPageId: 'p2',
      items: [
        {
          id: 'a',
          title: 'Conversation a',
          execution_status: 'running',
          created_at: '2026-11-20T00:00:00Z',
          updated_at: '2026-11-20T03:00:00Z',
        },
      ],
    });
    expect(JSON.stringify(localStorage)).not.toContain('sk-never-kept');
    expect(JSON.stringify(localStorage)).not.toContain('session-key');
  });

  it('reads anything malformed as nothing kept, and forgets on request', () => {
    localStorage.setItem(`tether.list:${settings.serverUrl}`, '{"savedAt":"yesterday","items":[]}');
    expect(keptList(settings.serverUrl)).toBeUndefined();
    localStorage.setItem(`tether.list:${settings.serverUrl}`, 'not json');
    expect(keptList(settings.serverUrl)).toBeUndefined();
    keepList(settings.serverUrl, { items: [info('a', 'idle', 1)] });
    keepList('http://other.test', { items: [info('b', 'idle', 1)] });
    forgetKeptLists();
    expect(keptList(settings.serverUrl)).toBeUndefined();
    expect(keptList('http://other.test')).toBeUndefined();
  });
});

describe('the list painted from it', () => {
  it('is in the cache before the server is asked, then the server’s page replaces it', async () => {
    keepList(settings.serverUrl, { items: [info('a', 'running', 3), info('b', 'idle', 2)] }, 1000);
    const reads = answerList([info('a', 'finished', 4), info('b', 'idle', 2), info('c', 'idle', 1)]);
    const queryClient = new QueryClient();
    paintKeptList(queryClient, settings);
    const painted = queryClient.getQueryData<{ pages: unknown[] }>(conversationListKey(settings))!;
    expect(isKeptListPage(painted.pages[0])).toBe(true);
    expect(reads()).toBe(0);

    const observer = new InfiniteQueryObserver(queryClient, conversationListQuery(settings));
    const statuses: string[][] = [];
    const stop = observer.subscribe((result) =>
      statuses.push(
        result.data?.pages.flatMap((page) => page.items.map((item) => item.execution_status)) ?? [],
      ),
    );
    await expect.poll(() => reads()).toBe(1);
    await expect
      .poll(() => observer.getCurrentResult().data?.pages[0])
      .toSatisfy((page) => !isKeptListPage(page));
    expect(statuses[0]).toEqual(['running', 'idle']);
    expect(statuses.at(-1)).toEqual(['finished', 'idle', 'idle']);
    // The page just read is the one kept for the next visit; the painted one never is.
    keepListPage(settings, statuses.length ? (painted.pages[0] as never) : undefined);
    expect(keptList(settings.serverUrl)!.savedAt).toBe(1000);
    keepListPage(settings, observer.getCurrentResult().data!.pages[0]);
    expect(keptList(settings.serverUrl)!.items.map((item) => item.execution_status)).toEqual([
      'finished',
      'idle',
      'idle',
    ]);
    stop();
  });

  it('stays, said to be the copy’s, while the server cannot be reached', async () => {
    keepList(settings.serverUrl, { items: [info('a', 'running', 3)] }, 1000);
    server.use(http.get(`${settings.serverUrl}/api/conversations/search`, () => HttpResponse.error()));
    const queryClient = new QueryClient();
    paintKeptList(queryClient, settings);
    const page = (await queryClient.fetchInfiniteQuery(conversationListQuery(settings))).pages[0];
    expect(isListFromCopy(page)).toBe(true);
    expect(page!.items.map((item) => item.id)).toEqual(['a']);
    // Kept again, it would pass for the server's word at the next visit: it is not.
    keepListPage(settings, page);
    expect(keptList(settings.serverUrl)!.savedAt).toBe(1000);
  });

  it('does not stand in for a list already read in this page', () => {
    keepList(settings.serverUrl, { items: [info('a', 'running', 3)] }, 1000);
    const queryClient = new QueryClient();
    const read = { pages: [{ items: [info('z', 'idle', 9)], next_page_id: null }], pageParams: [''] };
    queryClient.setQueryData(conversationListKey(settings), read);
    paintKeptList(queryClient, settings);
    expect(queryClient.getQueryData(conversationListKey(settings))).toBe(read);
  });
});

describe('what this browser lists of a server it cannot reach', () => {
  it('is each conversation as last seen: by the list, or by its copy written after the list', async () => {
    const { EventCopy } = await import('../copy/eventCopy');
    let clock = 500;
    const copy = (await EventCopy.open(() => clock))!;
    const write = (id: string, title: string) =>
      copy.write(settings.serverUrl, id, {
        events: [{ id: `${id}-e` }],
        olderCursor: null,
        head: undefined,
        info: { ...info(id, 'finished', 1), title },
      });
    // Opened before the list was read: the list's word is the newer.
    await write('old', 'Old name, from the copy');
    keepList(
      settings.serverUrl,
      { items: [{ ...info('old', 'idle', 2), title: 'Renamed since' }, info('named', 'running', 3)] },
      1000,
    );
    // Opened after: it was named meanwhile, and the copy knows.
    clock = 5000;
    await write('named', 'Named by the server');
    await write('kept only', 'Only in the copy');
    const listed = await copy.listed(settings.serverUrl);
    expect(Object.fromEntries(listed.map((item) => [item.id, item.title]))).toEqual({
      old: 'Renamed since',
      named: 'Named by the server',
      'kept only': 'Only in the copy',
    });
    await copy.clear();
    expect(keptList(settings.serverUrl)).toBeUndefined();
  });
});
