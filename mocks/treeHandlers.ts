import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { isRecord } from '../src/agent-server/protocol';
import type { MockStore, StoredConversation } from './store';

// The conversation tree's routes, answering as conversation_router.py does: `navigate` moves HEAD
// and returns the info, `fork` copies a branch into a new idle conversation (201); an event the
// conversation does not hold is a 404 naming it.

export function treeHandlers(
  api: (path: string) => string,
  store: MockStore,
  withConversation: (
    resolve: (conversation: StoredConversation, request: Request) => Response | Promise<Response>,
  ) => HttpResponseResolver,
  record: (request: Request) => Promise<unknown>,
) {
  const holds = (conversation: StoredConversation, id: string) =>
    conversation.events.some((event) => event.id === id);
  return [
    http.post(
      api('/api/conversations/:id/navigate'),
      withConversation(async (conversation, request) => {
        const body = await record(request);
        const eventId = isRecord(body) && typeof body.event_id === 'string' ? body.event_id : null;
        if (eventId !== null && !holds(conversation, eventId))
          return HttpResponse.json({ detail: `Unknown event_id: ${eventId}` }, { status: 404 });
        store.navigate(conversation, eventId);
        return HttpResponse.json(conversation.info);
      }),
    ),
    http.post(
      api('/api/conversations/:id/fork'),
      withConversation(async (conversation, request) => {
        const body = await record(request);
        const from = isRecord(body) && typeof body.from_event_id === 'string' ? body.from_event_id : null;
        const title = isRecord(body) && typeof body.title === 'string' ? body.title : null;
        if (from !== null && !holds(conversation, from))
          return HttpResponse.json({ detail: `Unknown from_event_id: ${from}` }, { status: 404 });
        return HttpResponse.json(store.fork(conversation, from, title).info, { status: 201 });
      }),
    ),
  ];
}
