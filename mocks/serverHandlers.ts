import { http, HttpResponse } from 'msw';
import { isRecord } from '../src/agent-server/protocol';
import { invalid, unauthorised, type RouteKit } from './routeKit';

// The server itself rather than a conversation: whether it is up, what it is and which tools it
// can use (server_info), VS Code (vscode_router.py) and the saved folders (workspaces_router.py).

export function serverHandlers(
  { api, store, authorised, record }: RouteKit,
  controls: {
    /** The tools /server_info reports usable. */
    usableTools: () => string[];
    /** VS Code enabled and running on the server. */
    vsCode: () => boolean;
    /** The version it says: `mock`, or an old release when it plays a server without the session socket. */
    version: string;
  },
) {
  return [
    http.get(api('/alive'), () => HttpResponse.json({ status: 'ok' })),
    // As vscode_router.py: disabled, the status says so and the address is a 503.
    http.get(api('/api/vscode/status'), ({ request }) =>
      !authorised(request)
        ? unauthorised()
        : HttpResponse.json(
            controls.vsCode()
              ? { running: true, enabled: true }
              : { running: false, enabled: false, message: 'VSCode is disabled in configuration' },
          ),
    ),
    http.get(api('/api/vscode/url'), ({ request }) => {
      if (!authorised(request)) return unauthorised();
      if (!controls.vsCode())
        // The server's own exception handler wraps this 503 as an internal error, reason aside.
        return HttpResponse.json(
          {
            detail: 'Internal Server Error',
            exception: '503: VSCode is disabled in configuration. Set enable_vscode=true to enable.',
          },
          { status: 503 },
        );
      const url = new URL(request.url);
      const base = (url.searchParams.get('base_url') ?? 'http://localhost:8001').replace(/\/$/, '');
      const folder = encodeURIComponent(url.searchParams.get('workspace_dir') ?? 'workspace').replaceAll(
        '%2F',
        '/',
      );
      return HttpResponse.json({ url: `${base}/?tkn=mock-vscode-token&folder=${folder}` });
    }),
    http.get(api('/health'), () => HttpResponse.text('OK')),
    http.get(api('/ready'), () => HttpResponse.json({ status: 'ready' })),
    http.get(api('/server_info'), () =>
      HttpResponse.json({
        version: controls.version,
        uptime: 1,
        idle_time: 0,
        title: 'Tether mock agent-server',
        usable_tools: controls.usableTools(),
        conversation_runtime: 'local',
        available_conversation_runtimes: [],
      }),
    ),

    // The saved folders, appended to without doubles (by path).
    http.get(api('/api/workspaces'), ({ request }) => {
      if (!authorised(request)) return unauthorised();
      return HttpResponse.json({ workspaces: store.savedWorkspaces, workspaceParents: [] });
    }),
    http.post(api('/api/workspaces'), async ({ request }) => {
      if (!authorised(request)) return unauthorised();
      const body = await record(request);
      if (!isRecord(body) || !Array.isArray(body.workspaces)) return invalid('workspaces', 'Field required');
      for (const item of body.workspaces) {
        if (!isRecord(item) || typeof item.path !== 'string' || !item.path)
          return invalid('path', 'Field required');
        if (store.savedWorkspaces.some((saved) => saved.path === item.path)) continue;
        const { path } = item;
        store.savedWorkspaces.push({ id: String(item.id ?? path), name: String(item.name ?? path), path });
      }
      return HttpResponse.json({ workspaces: store.savedWorkspaces, workspaceParents: [] });
    }),
  ];
}
