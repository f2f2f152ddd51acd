import { http, HttpResponse } from 'msw';
import { MockShell, type BashEvent } from './shell';
import type { MockWorkspace } from './workspace';
import { insideWorkspace } from './paths';
import { unauthorised } from './routeKit';

// The bash routes of the mock agent-server, as bash_router.py answers them: globally under
// /api/bash and per conversation under /api/conversations/{id}/bash (runtime_router.py), where
// the shell runs in the conversation's working_dir, an unknown conversation is a 404 and a `cwd`
// outside the working_dir a 422. Stopping an unknown command is FastAPI's bare 404.

type Params = Record<string, string | readonly string[] | undefined>;

const uuidHex = (id: string) => id.replaceAll('-', '').toLowerCase();
const missingBody = (name: string, input: unknown) =>
  HttpResponse.json(
    { detail: [{ type: 'missing', loc: ['body', name], msg: 'Field required', input }] },
    { status: 422 },
  );

export function shellHandlers(
  api: (path: string) => string,
  workspace: MockWorkspace,
  authorised: (request: Request) => boolean,
  workingDirOf: (conversationId: string) => string | undefined,
) {
  const global = new MockShell(workspace, null);
  const perConversation = new Map<string, MockShell>();
  /** The shell a request is for, or the answer that there is none. */
  const shellOf = (params: Params): MockShell | Response => {
    if (params.runtimeId === undefined) return global;
    const id = String(params.runtimeId);
    const workingDir = workingDirOf(id);
    if (workingDir === undefined)
      return HttpResponse.json({ detail: `Conversation not found: ${id}` }, { status: 404 });
    let shell = perConversation.get(id);
    if (!shell) perConversation.set(id, (shell = new MockShell(workspace, workingDir)));
    return shell;
  };
  const withShell =
    (resolve: (shell: MockShell, request: Request, params: Params) => Response | Promise<Response>) =>
    ({ request, params }: { request: Request; params: Params }) => {
      if (!authorised(request)) return unauthorised();
      const shell = shellOf(params);
      return shell instanceof MockShell ? resolve(shell, request, params) : shell;
    };

  /** An ExecuteBashRequest as the server reads it: the command, its cwd and timeout, or the refusal. */
  const readRequest = async (
    shell: MockShell,
    request: Request,
  ): Promise<{ command: string; cwd: string | null; timeout: number } | Response> => {
    const body = (await request.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!body || typeof body.command !== 'string') return missingBody('command', body ?? null);
    const cwd = typeof body.cwd === 'string' ? body.cwd : null;
    if (shell.defaultCwd !== null && cwd !== null && !insideWorkspace(cwd, shell.defaultCwd))
      return HttpResponse.json({ detail: 'cwd must be inside the conversation workspace' }, { status: 422 });
    return { command: body.command, cwd, timeout: typeof body.timeout === 'number' ? body.timeout : 300 };
  };

  const start = withShell(async (shell, request) => {
    const asked = await readRequest(shell, request);
    if (asked instanceof Response) return asked;
    const { cwd, timeout } = asked;
    const { kind, id, timestamp, command } = shell.start(asked.command, cwd, timeout);
    // In the server's field order.
    return HttpResponse.json({ command, cwd: cwd ?? shell.defaultCwd, timeout, id, timestamp, kind });
  });

  // As start, but answered with the command's output once it ends (execute_bash_command).
  const execute = withShell(async (shell, request) => {
    const asked = await readRequest(shell, request);
    if (asked instanceof Response) return asked;
    return HttpResponse.json(await shell.run(asked.command, asked.cwd, asked.timeout));
  });

  const search = withShell((shell, request) => {
    const url = new URL(request.url);
    const kind = url.searchParams.get('kind__eq');
    const commandId = url.searchParams.get('command_id__eq');
    const orderAfter = url.searchParams.get('order__gt');
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const from = Number(url.searchParams.get('page_id') ?? 0);
    let items: BashEvent[] = shell.events.filter(
      (event) =>
        (!kind || event.kind === kind) &&
        (!commandId || (event.kind === 'BashOutput' ? event.command_id : event.id) === uuidHex(commandId)) &&
        (orderAfter === null || (event.kind === 'BashOutput' && event.order > Number(orderAfter))),
    );
    if (url.searchParams.get('sort_order') === 'TIMESTAMP_DESC') items = [...items].reverse();
    const page = items.slice(from, from + limit);
    return HttpResponse.json({
      items: page,
      next_page_id: from + limit < items.length ? String(from + limit) : null,
    });
  });

  const stop = withShell((shell, _request, params) =>
    shell.stop(uuidHex(String(params.commandId)))
      ? HttpResponse.json({ success: true })
      : HttpResponse.json({ detail: 'Not Found' }, { status: 404 }),
  );

  return ['/api', '/api/conversations/:runtimeId'].flatMap((base) => [
    http.post(api(`${base}/bash/start_bash_command`), start),
    http.post(api(`${base}/bash/execute_bash_command`), execute),
    http.get(api(`${base}/bash/bash_events/search`), search),
    http.post(api(`${base}/bash/bash_commands/:commandId/stop`), stop),
  ]);
}
