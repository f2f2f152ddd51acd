// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { firstUserMessageQuery } from '../resources/events';
import { forgetFirstAsked, keepFirstAsked, keptFirstAsked } from './keptFirstAsked';

// An untitled conversation's title is the first thing its user asked: read from the server once
// per browser, then from what this browser kept, on every later visit of the list or the page.

const settings = { serverUrl: 'http://first-asked.test', sessionApiKey: 'session-key' };
const server = setupServer();
let reads = 0;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  forgetFirstAsked();
  reads = 0;
  server.use(
    http.get(`${settings.serverUrl}/api/conversations/:id/events/search`, ({ params }) => {
      reads++;
      const asked =
        params.id === 'c-empty'
          ? []
          : [{ role: 'user', content: [{ type: 'text', text: `Fix ${String(params.id)}\nin detail` }] }];
      return HttpResponse.json({
        items: asked.map((llm_message) => ({ id: 'e1', kind: 'MessageEvent', source: 'user', llm_message })),
        next_page_id: null,
      });
    }),
  );
});
afterAll(() => server.close());

/** A new page: its own query cache, and the kept lines read from storage again. */
async function freshPage() {
  vi.resetModules();
  const events = await import('../resources/events');
  return { events, queryClient: new QueryClient() };
}

describe("the first thing a conversation's user asked", () => {
  it('is read from the server once, then from what this browser kept on the next visit', async () => {
    const first = new QueryClient();
    expect(await first.fetchQuery(firstUserMessageQuery(settings, 'c1'))).toBe('Fix c1\nin detail');
    expect(reads).toBe(1);
    const { events, queryClient } = await freshPage();
    expect(await queryClient.fetchQuery(events.firstUserMessageQuery(settings, 'c1'))).toBe('Fix c1');
    expect(reads).toBe(1);
  });

  it('is not kept while nothing is asked yet: the next visit asks again', async () => {
    expect(await new QueryClient().fetchQuery(firstUserMessageQuery(settings, 'c-empty'))).toBe('');
    const { events, queryClient } = await freshPage();
    await queryClient.fetchQuery(events.firstUserMessageQuery(settings, 'c-empty'));
    expect(reads).toBe(2);
  });

  it('keeps the first line of the newest 500 conversations, and goes when the copy is cleared', () => {
    for (let index = 0; index < 501; index++)
      keepFirstAsked(settings.serverUrl, `c${index}`, `  ask ${index} \n more`);
    expect(keptFirstAsked(settings.serverUrl, 'c0')).toBeUndefined();
    expect(keptFirstAsked(settings.serverUrl, 'c500')).toBe('ask 500');
    expect(keptFirstAsked('http://other.test', 'c500')).toBeUndefined();
    forgetFirstAsked();
    expect(keptFirstAsked(settings.serverUrl, 'c500')).toBeUndefined();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tether.firstAsked:'))).toEqual([]);
  });
});
