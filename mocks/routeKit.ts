import { HttpResponse, type HttpResponseResolver } from 'msw';
import type { MockAgent } from './agent';
import type { MockStore, StoredConversation } from './store';

// What the mock's REST routes are built with: the server's address, its key check, the
// conversation lookup, the log of what was asked, and the answers the real server gives when a
// request is refused (FastAPI's shapes).

export interface RouteKit {
  /** This server's address for a path. */
  api(path: string): string;
  store: MockStore;
  agent: MockAgent;
  /** The request carries a key this server takes (any request, when it has none). */
  authorised(request: Request): boolean;
  /** Answers for a known conversation of an authorised request: 401 and 404 otherwise. */
  withConversation(
    resolve: (conversation: StoredConversation, request: Request) => Response | Promise<Response>,
  ): HttpResponseResolver;
  /** Reads the body (null when it is not JSON) and keeps the request for the tests to read. */
  record(request: Request): Promise<unknown>;
}

export const unauthorised = () => HttpResponse.json({ detail: 'Unauthorized' }, { status: 401 });
export const notFound = () => HttpResponse.json({ detail: 'Not Found' }, { status: 404 });
export const success = () => HttpResponse.json({ success: true });
export const invalid = (loc: string, msg: string) =>
  HttpResponse.json({ detail: [{ loc: ['body', loc], msg }] }, { status: 422 });

/**
 * A request's `tags`, as the server validates them (ConversationTags: keys lowercase
 * alphanumeric, values strings of at most 256 characters): undefined when absent, or the 422.
 */
export function tagsParam(body: unknown): Record<string, string> | undefined | Response {
  const tags = typeof body === 'object' && body !== null ? (body as { tags?: unknown }).tags : undefined;
  if (tags === undefined || tags === null) return undefined;
  if (typeof tags !== 'object' || Array.isArray(tags))
    return invalid('tags', 'Input should be a valid dictionary');
  for (const [key, value] of Object.entries(tags))
    if (!/^[a-z0-9]+$/.test(key) || typeof value !== 'string' || value.length > 256)
      return invalid('tags', `Tag '${key}' is invalid: keys must be lowercase alphanumeric only`);
  return tags as Record<string, string>;
}

/** A page's `limit`, as the server bounds it (1 to 100, 100 when absent), or its 422. */
export function limitParam(url: URL): number | Response {
  const limit = Number(url.searchParams.get('limit') ?? 100);
  if (!Number.isInteger(limit) || limit <= 0 || limit > 100) {
    return HttpResponse.json(
      { detail: [{ loc: ['query', 'limit'], msg: 'must be in 1..100' }] },
      { status: 422 },
    );
  }
  return limit;
}

export function routeKit(
  baseUrl: string,
  store: MockStore,
  agent: MockAgent,
  authorised: (key: string | null) => boolean,
): RouteKit {
  const authorisedRequest = (request: Request) => authorised(request.headers.get('X-Session-API-Key'));
  return {
    api: (path) => `${baseUrl}${path}`,
    store,
    agent,
    authorised: authorisedRequest,
    withConversation:
      (resolve) =>
      ({ request, params }) => {
        if (!authorisedRequest(request)) return unauthorised();
        const conversation = store.get(String(params.id));
        return conversation ? resolve(conversation, request) : notFound();
      },
    record: async (request) => {
      const body: unknown = await request.json().catch(() => null);
      store.received.push({ method: request.method, path: new URL(request.url).pathname, body });
      return body;
    },
  };
}
