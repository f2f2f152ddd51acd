import { http, HttpResponse } from 'msw';
import { mockMcpTest, type MockMcpSettings } from './mcp';
import { unauthorised } from './routeKit';

// The MCP routes of the mock agent-server: the settings' MCP servers (settings_router.py: a
// named one created, patched sparsely, deleted; each answered with the whole settings) and the
// test route (mcp_router.py: a failure to connect is a 200 with `ok: false`). Of the settings,
// the mock keeps only the MCP servers: GET /api/settings answers those, in the real shape.

type Params = Record<string, string | readonly string[] | undefined>;
type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const REMOTE_TYPES = ['http', 'shttp', 'streamable-http', 'sse'];

export function mcpHandlers(
  api: (path: string) => string,
  mcp: MockMcpSettings,
  authorised: (request: Request) => boolean,
) {
  const settings = (plaintext: boolean, status = 200) =>
    HttpResponse.json(
      {
        agent_settings: { mcp_config: mcp.config(plaintext) },
        conversation_settings: {},
        llm_api_key_is_set: false,
        active_profile: null,
        active_agent_profile_id: null,
        active_meta_profile: null,
        misc_settings: {},
      },
      { status },
    );
  const invalid = (input: unknown, message: string) =>
    HttpResponse.json(
      {
        detail: [
          {
            type: 'value_error',
            loc: ['body'],
            msg: `Value error, ${message}`,
            input,
            ctx: { error: message },
          },
        ],
      },
      { status: 422 },
    );
  const keyOf = (params: Params) => decodeURIComponent(String(params.key));
  const guarded =
    (resolve: (request: Request, params: Params) => Response | Promise<Response>) =>
    ({ request, params }: { request: Request; params: Params }) =>
      authorised(request) ? resolve(request, params) : unauthorised();

  return [
    http.get(
      api('/api/settings'),
      guarded((request) => settings(request.headers.get('X-Expose-Secrets') === 'plaintext')),
    ),
    http.post(
      api('/api/settings/mcp/:key'),
      guarded(async (request, params) => {
        const key = keyOf(params);
        const body = (await request.json().catch(() => null)) as unknown;
        if (!isObject(body)) return invalid(body, 'Input should be a valid dictionary');
        if (mcp.has(key))
          return HttpResponse.json({ detail: `MCP server '${key}' already exists` }, { status: 409 });
        const problem = mcp.add(key, body);
        return problem ? invalid(body, problem) : settings(false, 201);
      }),
    ),
    http.patch(
      api('/api/settings/mcp/:key'),
      guarded(async (request, params) => {
        const key = keyOf(params);
        const body = (await request.json().catch(() => null)) as unknown;
        if (!mcp.has(key))
          return HttpResponse.json({ detail: `MCP server '${key}' was not found` }, { status: 404 });
        if (!isObject(body) || !mcp.patch(key, body))
          return HttpResponse.json({ detail: 'Settings validation failed' }, { status: 422 });
        return settings(false);
      }),
    ),
    http.delete(
      api('/api/settings/mcp/:key'),
      guarded((_request, params) => {
        const key = keyOf(params);
        if (!mcp.has(key))
          return HttpResponse.json({ detail: `MCP server '${key}' was not found` }, { status: 404 });
        mcp.delete(key);
        return settings(false);
      }),
    ),
    http.post(
      api('/api/mcp/test'),
      guarded(async (request) => {
        const body = (await request.json().catch(() => null)) as unknown;
        const server = isObject(body) && isObject(body.server) ? { ...body.server } : undefined;
        if (!server)
          return HttpResponse.json(
            { detail: [{ type: 'missing', loc: ['body', 'server'], msg: 'Field required', input: body }] },
            { status: 422 },
          );
        // As the server reads a spec without `type`: its transport, or stdio for a command.
        server.type ??= server.transport ?? (typeof server.command === 'string' ? 'stdio' : 'http');
        if (server.type === 'stdio' && typeof server.command !== 'string')
          return HttpResponse.json(
            {
              detail: [
                {
                  type: 'missing',
                  loc: ['body', 'server', 'stdio', 'command'],
                  msg: 'Field required',
                  input: server,
                },
              ],
            },
            { status: 422 },
          );
        if (server.type !== 'stdio' && !REMOTE_TYPES.includes(String(server.type)))
          return HttpResponse.json({ detail: 'Unknown MCP server type' }, { status: 422 });
        return HttpResponse.json(mockMcpTest(server));
      }),
    ),
  ];
}
