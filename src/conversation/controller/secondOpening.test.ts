import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { browserCopy } from '../copy/browserCopy';
import { ConversationController } from './conversationController';

// A conversation this browser keeps, opened again: the newest page is the copy's newest events
// joined to what the server added after them, read from the copy's newest event on, unless that
// read says the copy does not fit (the server lost the event, or more than a page came since).

const settings = { serverUrl: 'http://second-opening.test', sessionApiKey: '' };
const server = setupServer();
const stored = new Map<string, string>([['tether.copyKept', '1']]);
beforeAll(() => {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

const said = (n: number) => ({
  id: `e${n}`,
  kind: 'MessageEvent',
  source: n % 2 ? 'user' : 'agent',
  timestamp: `2026-11-28T00:00:${String(n).padStart(2, '0')}`,
  llm_message: { role: n % 2 ? 'user' : 'assistant', content: [{ type: 'text', text: `message ${n}` }] },
});

/** Keeps e1…e3 of the conversation in the copy, its seq with e3. */
async function kept(conversationId: string) {
  const copy = (await browserCopy())!;
  await copy.write(settings.serverUrl, conversationId, {
    events: [said(1), said(2), said(3)],
    olderCursor: null,
    head: undefined,
    info: undefined,
    resume: { eventId: 'e3', seq: 2 },
  });
}

/** Answers the reads of the conversation's events; returns the searches asked. */
function answer(conversationId: string, fromCopysNewest: { items: unknown[]; next_page_id: string | null }) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`${settings.serverUrl}/api/conversations/${conversationId}/events/search`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json(
        params.get('sort_order') === 'TIMESTAMP_DESC'
          ? { items: [said(5), said(4)], next_page_id: null }
          : fromCopysNewest,
      );
    }),
  );
  return asked;
}

async function openAgain(conversationId: string) {
  const controller = new ConversationController({
    settings,
    conversationId,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    whenIdle: () => new Promise(() => {}),
  });
  controller.paintFromCopy();
  await controller.prefetchNewest();
  return controller;
}

describe('opening a kept conversation again', () => {
  it('reads only what came after the copy’s newest event, and joins it', async () => {
    await kept('joins');
    const asked = answer('joins', { items: [said(3), said(4)], next_page_id: null });
    const controller = await openAgain('joins');
    expect(asked.map((params) => params.get('sort_order'))).toEqual(['TIMESTAMP']);
    expect(asked[0]!.get('page_id')).toBe('e3');
    expect(asked[0]!.get('timestamp__gte')).toBe(said(3).timestamp);
    for (const id of ['e1', 'e2', 'e3', 'e4']) expect(controller.log.has(id)).toBe(true);
    expect(controller.newestServerPage?.items.map((item) => (item as { id: string }).id)).toEqual([
      'e4',
      'e3',
      'e2',
      'e1',
    ]);
  });

  it('reads the server’s newest page when the server no longer holds the copy’s newest event', async () => {
    await kept('reset');
    const asked = answer('reset', { items: [said(9)], next_page_id: null });
    await openAgain('reset');
    expect(asked.map((params) => params.get('sort_order'))).toEqual(['TIMESTAMP', 'TIMESTAMP_DESC']);
  });

  it('reads the server’s newest page when more than a page came since', async () => {
    await kept('behind');
    const asked = answer('behind', { items: [said(3), said(4)], next_page_id: 'e5' });
    await openAgain('behind');
    expect(asked.map((params) => params.get('sort_order'))).toEqual(['TIMESTAMP', 'TIMESTAMP_DESC']);
  });
});
