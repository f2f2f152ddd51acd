import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ConversationInfo, Page } from '../../agent-server/protocol';
import { conversationKey, conversationListKey } from './conversations';
import { saveConversationTags } from './conversationWrites';

// A write's patch is not undone by a read that left before the write was answered: the read
// brings what the server held then, and nothing reads again soon (a worktree's branch, written to
// the tags, went missing from its card so in a loaded run).

const settings = { serverUrl: 'http://writes.test', sessionApiKey: '' };
const id = 'c0ffee00-0000-4000-8000-000000000002';
const server = setupServer(
  http.patch(`${settings.serverUrl}/api/conversations/${id}`, () => HttpResponse.json({ success: true })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type ListData = InfiniteData<Page<ConversationInfo>, string>;
const before = { id, title: 'Greet', execution_status: 'finished', tags: {} } as unknown as ConversationInfo;
const listOf = (info: ConversationInfo): ListData => ({
  pages: [{ items: [info], next_page_id: null }],
  pageParams: [''],
});

/** A read that has left and answers when told, with what the server held before the write. */
function readInFlight<T>(queryClient: QueryClient, queryKey: readonly unknown[], answer: T) {
  let land = () => {};
  const landed = new Promise<T>((resolve) => (land = () => resolve(answer)));
  const read = queryClient
    .fetchQuery({ queryKey, queryFn: () => landed, staleTime: 0 })
    .catch(() => undefined);
  return { land, read };
}

describe('saveConversationTags', () => {
  it('keeps its tags in the list and the info when older reads of both land after it', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(conversationListKey(settings), listOf(before));
    queryClient.setQueryData(conversationKey(settings, id), before);
    const list = readInFlight(queryClient, conversationListKey(settings), listOf(before));
    const info = readInFlight(queryClient, conversationKey(settings, id), before);

    await saveConversationTags(queryClient, settings, id, { tetherbranch: 'tether/greet' });
    list.land();
    info.land();
    await Promise.all([list.read, info.read]);

    const entry = queryClient.getQueryData<ListData>(conversationListKey(settings))!.pages[0]!.items[0]!;
    expect(entry.tags).toEqual({ tetherbranch: 'tether/greet' });
    const held = queryClient.getQueryData<ConversationInfo>(conversationKey(settings, id))!;
    expect(held.tags).toEqual({ tetherbranch: 'tether/greet' });
  });

  it('leaves the first read of a list that holds nothing yet to land', async () => {
    const queryClient = new QueryClient();
    const list = readInFlight(queryClient, conversationListKey(settings), listOf(before));
    await saveConversationTags(queryClient, settings, id, { tetherbranch: 'tether/greet' });
    list.land();
    await list.read;
    expect(queryClient.getQueryData<ListData>(conversationListKey(settings))).toEqual(listOf(before));
  });
});
