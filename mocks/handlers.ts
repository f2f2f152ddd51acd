import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { MOCK_SERVER_URL } from '../src/agent-server/settings';
import { contentText, isRecord } from '../src/agent-server/protocol';
import type { MockStore, StoredConversation } from './store';

// REST handlers of the built-in mock agent-server. Status codes and bodies follow the real
// server's routers (openhands/agent_server/conversation_router.py, event_router.py).

const api = (path: string) => `${MOCK_SERVER_URL}${path}`;

function unauthorized() {
  return HttpResponse.json({ detail: 'Unauthorized' }, { status: 401 });
}

function notFound() {
  return HttpResponse.json({ detail: 'Not Found' }, { status: 404 });
}

function limitParam(url: URL): number | Response {
  const limit = Number(url.searchParams.get('limit') ?? 100);
  if (!Number.isInteger(limit) || limit <= 0 || limit > 100) {
    return HttpResponse.json(
      { detail: [{ loc: ['query', 'limit'], msg: 'must be in 1..100' }] },
      { status: 422 },
    );
  }
  return limit;
}

export function createHandlers(store: MockStore) {
  const authorised = (request: Request) =>
    store.sessionApiKeys.length === 0 ||
    store.sessionApiKeys.includes(request.headers.get('X-Session-API-Key') ?? '');

  /** Wraps a resolver with the server's auth check and conversation lookup. */
  const withConversation =
    (
      resolve: (conversation: StoredConversation, request: Request) => Response | Promise<Response>,
    ): HttpResponseResolver =>
    ({ request, params }) => {
      if (!authorised(request)) return unauthorized();
      const conversation = store.get(String(params.id));
      return conversation ? resolve(conversation, request) : notFound();
    };

  return [
    http.get(api('/alive'), () => HttpResponse.json({ status: 'ok' })),
    http.get(api('/health'), () => HttpResponse.text('OK')),
    http.get(api('/ready'), () => HttpResponse.json({ status: 'ready' })),
    http.get(api('/server_info'), () =>
      HttpResponse.json({ version: 'mock', uptime: 1, idle_time: 0, title: 'Tether mock agent-server' }),
    ),

    http.get(api('/api/conversations/search'), ({ request }) => {
      if (!authorised(request)) return unauthorized();
      const url = new URL(request.url);
      const limit = limitParam(url);
      if (limit instanceof Response) return limit;
      return HttpResponse.json(
        store.searchConversations({
          limit,
          pageId: url.searchParams.get('page_id'),
          sortOrder: url.searchParams.get('sort_order') ?? 'CREATED_AT_DESC',
          status: url.searchParams.get('status'),
        }),
      );
    }),

    http.post(api('/api/conversations'), async ({ request }) => {
      if (!authorised(request)) return unauthorized();
      const body: unknown = await request.json().catch(() => null);
      if (!isRecord(body) || !isRecord(body.agent)) {
        return HttpResponse.json(
          { detail: [{ loc: ['body', 'agent'], msg: 'Field required' }] },
          { status: 422 },
        );
      }
      store.received.push({ method: 'POST', path: '/api/conversations', body });
      const initial = isRecord(body.initial_message) ? contentText(body.initial_message.content) : '';
      // The real server always runs after an initial message.
      const conversation = store.createConversation(initial || null, true);
      return HttpResponse.json(conversation.info, { status: 201 });
    }),

    http.get(
      api('/api/conversations/:id'),
      withConversation((conversation) => HttpResponse.json(conversation.info)),
    ),

    http.patch(
      api('/api/conversations/:id'),
      withConversation(async (conversation, request) => {
        const body: unknown = await request.json().catch(() => null);
        const title = isRecord(body) && typeof body.title === 'string' ? body.title.trim() : '';
        if (!title || title.length > 200) {
          return HttpResponse.json(
            { detail: [{ loc: ['body', 'title'], msg: 'title must not be blank' }] },
            { status: 422 },
          );
        }
        conversation.info.title = title;
        conversation.info.updated_at = new Date().toISOString();
        return HttpResponse.json({ success: true });
      }),
    ),

    http.delete(api('/api/conversations/:id'), ({ request, params }) => {
      if (!authorised(request)) return unauthorized();
      // The real server answers 400 for an unknown id here, not 404.
      if (!store.conversations.delete(String(params.id)))
        return HttpResponse.json({ detail: 'Bad Request' }, { status: 400 });
      return HttpResponse.json({ success: true });
    }),

    http.get(
      api('/api/conversations/:id/events/search'),
      withConversation((conversation, request) => {
        const url = new URL(request.url);
        const limit = limitParam(url);
        if (limit instanceof Response) return limit;
        const kind = url.searchParams.get('kind');
        const source = url.searchParams.get('source');
        const filtered =
          kind || source
            ? {
                ...conversation,
                events: conversation.events.filter(
                  (e) =>
                    (!kind || e.kind === kind || kind.endsWith(`.${e.kind}`)) &&
                    (!source || e.source === source),
                ),
              }
            : conversation;
        return HttpResponse.json(
          store.searchEvents(filtered, {
            limit,
            pageId: url.searchParams.get('page_id'),
            descending: url.searchParams.get('sort_order') === 'TIMESTAMP_DESC',
            gte: url.searchParams.get('timestamp__gte'),
            lt: url.searchParams.get('timestamp__lt'),
          }),
        );
      }),
    ),

    http.post(
      api('/api/conversations/:id/events'),
      withConversation(async (conversation, request) => {
        const body: unknown = await request.json().catch(() => null);
        if (!isRecord(body) || body.role !== 'user' || !Array.isArray(body.content)) {
          return HttpResponse.json({ detail: [{ loc: ['body'], msg: 'invalid message' }] }, { status: 422 });
        }
        store.received.push({ method: 'POST', path: new URL(request.url).pathname, body });
        store.appendUserMessage(conversation, contentText(body.content), body.run === true);
        return HttpResponse.json({ success: true });
      }),
    ),
  ];
}
