import { http, HttpResponse } from 'msw';
import type { MockWorkspace } from './workspace';
import { insideWorkspace } from './paths';
import { unauthorised } from './routeKit';

// The git and file routes of the mock agent-server, answering as git_router.py and
// file_router.py do: 400 with a `detail` for git failures and bad paths, 404 for a missing file,
// Range requests honoured on download, multipart uploads written into the workspace. Each is
// served twice, as the real server does: globally under /api, and per conversation under
// /api/conversations/{id} (runtime_router.py), where an unknown conversation is a 404 and a
// `path` that is relative or outside the conversation's working_dir is a 422.

const SHA = /^[0-9a-fA-F]{4,64}$/;

const badRequest = (detail: string) => HttpResponse.json({ detail }, { status: 400 });
const missingQuery = (name: string) =>
  HttpResponse.json(
    { detail: [{ type: 'missing', loc: ['query', name], msg: 'Field required', input: null }] },
    { status: 422 },
  );

type Resolve = (url: URL, request: Request, params: Record<string, string>) => Response | Promise<Response>;

export function workspaceHandlers(
  api: (path: string) => string,
  workspace: MockWorkspace,
  authorised: (request: Request) => boolean,
  /** The working_dir of a conversation the mock holds; undefined for one it does not. */
  workingDirOf: (conversationId: string) => string | undefined,
  /** Test control: how long an upload takes to be answered. */
  uploadDelayMs: () => number = () => 0,
) {
  const guarded =
    (resolve: Resolve) =>
    ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) =>
      authorised(request)
        ? resolve(new URL(request.url), request, params as Record<string, string>)
        : unauthorised();
  const gitFailure = (error: unknown) => badRequest(error instanceof Error ? error.message : String(error));

  const inConversation =
    (resolve: Resolve): Resolve =>
    (url, request, params) => {
      const id = String(params.runtimeId);
      const workingDir = workingDirOf(id);
      if (workingDir === undefined)
        return HttpResponse.json({ detail: `Conversation not found: ${id}` }, { status: 404 });
      const path = url.searchParams.get('path');
      if (path !== null && !insideWorkspace(path, workingDir))
        return HttpResponse.json(
          { detail: 'path must be inside the conversation workspace' },
          { status: 422 },
        );
      return resolve(url, request, params);
    };
  const routes: { method: 'get' | 'post'; path: string; resolve: Resolve }[] = [
    {
      method: 'get',
      path: '/git/changes',
      resolve: (url) => {
        const path = url.searchParams.get('path');
        if (path === null) return missingQuery('path');
        try {
          return HttpResponse.json(workspace.changes(path));
        } catch (error) {
          return gitFailure(error);
        }
      },
    },
    {
      method: 'get',
      path: '/git/diff',
      resolve: (url) => {
        const path = url.searchParams.get('path');
        if (path === null) return missingQuery('path');
        const commit = url.searchParams.get('commit') ?? undefined;
        if (commit !== undefined && !SHA.test(commit))
          return HttpResponse.json(
            {
              detail: [
                {
                  type: 'string_pattern_mismatch',
                  loc: ['query', 'commit'],
                  msg: 'String should match pattern',
                },
              ],
            },
            { status: 422 },
          );
        try {
          return HttpResponse.json(workspace.diff(path, commit));
        } catch (error) {
          return gitFailure(error);
        }
      },
    },
    {
      method: 'get',
      path: '/git/commits',
      resolve: (url) => {
        const path = url.searchParams.get('path');
        if (path === null) return missingQuery('path');
        const limit = Number(url.searchParams.get('limit') ?? 50);
        return HttpResponse.json(workspace.commitList(path, limit));
      },
    },
    {
      method: 'get',
      path: '/git/commits/:sha/changes',
      resolve: (url, _request, params) => {
        const path = url.searchParams.get('path');
        if (path === null) return missingQuery('path');
        try {
          return HttpResponse.json(workspace.commitChanges(path, String(params.sha)));
        } catch (error) {
          return gitFailure(error);
        }
      },
    },
    {
      method: 'get',
      path: '/file/download',
      resolve: (url, request) => {
        const path = url.searchParams.get('path');
        if (path === null) return missingQuery('path');
        if (!path.startsWith('/')) return badRequest('Path must be absolute');
        const bytes = workspace.read(path);
        if (!bytes) return HttpResponse.json({ detail: 'File not found' }, { status: 404 });
        const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.get('Range') ?? '');
        const name = path.split('/').at(-1)!;
        const headers = {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': `attachment; filename*=utf-8''${encodeURIComponent(name)}`,
          'Accept-Ranges': 'bytes',
        };
        if (!range) return new HttpResponse(bytes, { headers });
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : bytes.length - 1, bytes.length - 1);
        return new HttpResponse(bytes.slice(start, end + 1), {
          status: 206,
          headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${bytes.length}` },
        });
      },
    },
    {
      method: 'post',
      path: '/file/upload',
      resolve: async (url, request) => {
        const path = url.searchParams.get('path');
        if (path === null) return missingQuery('path');
        if (!path.startsWith('/')) return badRequest('Path must be absolute');
        const form = await request.formData().catch(() => undefined);
        const file = form?.get('file');
        if (!(file instanceof Blob))
          return HttpResponse.json(
            { detail: [{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }] },
            { status: 422 },
          );
        const bytes = new Uint8Array(await file.arrayBuffer());
        await new Promise((resolve) => setTimeout(resolve, uploadDelayMs()));
        // Outside the repository the real server writes anywhere it may; the mock keeps only its folder.
        workspace.write(path, bytes);
        return HttpResponse.json({ success: true, file_size: bytes.length });
      },
    },
  ];
  return routes.flatMap(({ method, path, resolve }) => [
    http[method](api(`/api${path}`), guarded(resolve)),
    http[method](api(`/api/conversations/:runtimeId${path}`), guarded(inConversation(resolve))),
  ]);
}
