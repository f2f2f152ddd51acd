import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { WorkspaceClient } from './workspace';
import { RuntimeRoutes } from './runtimeRoutes';

// Which routes the workspace is read on: a conversation's own where the server has them, the
// global ones on a server without them (learnt once, from FastAPI's bare 404) or for a folder
// the per-conversation routes cannot take.

const CONVERSATION = '3f1c2a4e-0000-4000-8000-000000000001';
const asked: string[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());

/** A server at `base` with the global git routes, and the per-conversation ones if `scoped`. */
function serve(base: string, scoped: boolean) {
  const changes = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}?path=${url.searchParams.get('path')}`);
    return HttpResponse.json([{ status: 'UPDATED', path: 'parser.py' }]);
  };
  server.use(
    http.get(`${base}/api/git/changes`, changes),
    http.get(`${base}/api/conversations/:id/git/changes`, (info) =>
      scoped
        ? changes(info)
        : (asked.push(new URL(info.request.url).pathname),
          HttpResponse.json({ detail: 'Not Found' }, { status: 404 })),
    ),
  );
}

const client = (base: string) =>
  new WorkspaceClient({ serverUrl: base, sessionApiKey: '' }, new RuntimeRoutes());

describe('the workspace routes', () => {
  it('are the conversation’s own where the server has them', async () => {
    serve('http://scoped.test', true);
    const workspace = client('http://scoped.test');
    const of = { conversationId: CONVERSATION, repository: '/workspace' };
    expect(await workspace.changes(of)).toHaveLength(1);
    expect(await workspace.changes(of)).toHaveLength(1);
    expect(asked).toEqual([
      `/api/conversations/${CONVERSATION}/git/changes?path=/workspace`,
      `/api/conversations/${CONVERSATION}/git/changes?path=/workspace`,
    ]);
  });

  it('fall back to the global ones once, on a server without them', async () => {
    serve('http://older.test', false);
    const workspace = client('http://older.test');
    const of = { conversationId: CONVERSATION, repository: '/workspace' };
    expect(await workspace.changes(of)).toHaveLength(1);
    expect(await workspace.changes(of)).toHaveLength(1);
    expect(asked).toEqual([
      `/api/conversations/${CONVERSATION}/git/changes`,
      '/api/git/changes?path=/workspace',
      '/api/git/changes?path=/workspace',
    ]);
  });

  it('are the global ones for a folder relative to the server, which the conversation’s refuse', async () => {
    serve('http://relative.test', true);
    await client('http://relative.test').changes({ conversationId: CONVERSATION, repository: 'workspace' });
    expect(asked).toEqual(['/api/git/changes?path=workspace']);
  });

  it('do not fall back when the conversation is missing or the path is outside it', async () => {
    server.use(
      http.get('http://strict.test/api/conversations/:id/git/changes', ({ params }) =>
        params.id === CONVERSATION
          ? HttpResponse.json({ detail: 'path must be inside the conversation workspace' }, { status: 422 })
          : HttpResponse.json({ detail: `Conversation not found: ${String(params.id)}` }, { status: 404 }),
      ),
      http.get('http://strict.test/api/git/changes', () => {
        asked.push('global');
        return HttpResponse.json([]);
      }),
    );
    const workspace = client('http://strict.test');
    await expect(
      workspace.changes({ conversationId: 'gone', repository: '/workspace' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      workspace.changes({ conversationId: CONVERSATION, repository: '/elsewhere' }),
    ).rejects.toMatchObject({ status: 422 });
    expect(asked).toEqual([]);
  });
});
