// The MCP servers a mock server keeps in its settings (agent_settings.mcp_config), kept in the
// browser's storage when it has one, and what its test route finds. The mock cannot start a
// process or reach an address, so it knows one server of each kind, as the built-in mock's own;
// any other command is "No such file or directory" and any other address unreachable, in the
// real server's words.

export const MCP_KEY = 'tether.mock-agent-server.mcp';

/** A command and an address the mock's test route connects to, and the tools they offer. */
export const MOCK_MCP_COMMAND = 'tether-mock-mcp';
export const MOCK_MCP_URL = 'http://mock-mcp.localhost/mcp';
export const MOCK_MCP_TOOLS = ['search_docs', 'read_doc'];

type Server = Record<string, unknown>;

const REDACTED = '**********';
const SECRET_FIELDS = ['env', 'headers'];

/** The real server's check after a change (MCPServer's validators), as its words. */
export function mcpServerProblem(server: Server): string | undefined {
  const transport = server.transport ?? (typeof server.command === 'string' ? 'stdio' : undefined);
  if (transport === 'stdio' && typeof server.command !== 'string')
    return "stdio MCP servers require 'command'";
  if (transport !== 'stdio' && typeof server.url !== 'string') return "remote MCP servers require 'url'";
  return undefined;
}

/** A sparse change, as the server applies it: maps merge, and null removes. */
function merged(base: Server, patch: Server): Server {
  const next: Server = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else if (SECRET_FIELDS.includes(key) && typeof value === 'object' && !Array.isArray(value)) {
      const map = { ...((next[key] as Record<string, string>) ?? {}) };
      for (const [name, secret] of Object.entries(value as Record<string, unknown>))
        if (secret === null) delete map[name];
        else map[name] = String(secret);
      next[key] = map;
    } else next[key] = value;
  }
  return next;
}

export class MockMcpSettings {
  private readonly servers = new Map<string, Server>();

  constructor(private readonly storage?: Storage) {
    try {
      const saved = JSON.parse(storage?.getItem(MCP_KEY) ?? '{}') as Record<string, Server>;
      for (const [name, server] of Object.entries(saved)) this.servers.set(name, server);
    } catch {
      // An older journal: start empty.
    }
  }

  /** The settings' `mcp_config`: values redacted unless asked for in plain text. */
  config(plaintext: boolean): Record<string, Server> {
    const config: Record<string, Server> = {};
    for (const [name, server] of this.servers) {
      const shown: Server = { ...server };
      for (const field of SECRET_FIELDS)
        if (shown[field])
          shown[field] = Object.fromEntries(
            Object.entries(shown[field] as Record<string, string>).map(([key, value]) => [
              key,
              plaintext ? value : REDACTED,
            ]),
          );
      config[name] = shown;
    }
    return config;
  }

  has(name: string): boolean {
    return this.servers.has(name);
  }

  /** Adds a server; the answer is the real server's complaint, if any. */
  add(name: string, server: Server): string | undefined {
    const clean = Object.fromEntries(Object.entries(server).filter(([, value]) => value !== null));
    const stored = { ...clean, enabled: clean.enabled ?? true };
    const problem = mcpServerProblem(stored);
    if (problem) return problem;
    this.servers.set(name, stored);
    this.save();
    return undefined;
  }

  /** Applies a sparse change; false if the result would not be a valid server. */
  patch(name: string, patch: Server): boolean {
    const next = merged(this.servers.get(name) ?? {}, patch);
    if (mcpServerProblem(next)) return false;
    this.servers.set(name, next);
    this.save();
    return true;
  }

  delete(name: string): void {
    this.servers.delete(name);
    this.save();
  }

  private save(): void {
    this.storage?.setItem(MCP_KEY, JSON.stringify(Object.fromEntries(this.servers)));
  }
}

/** What POST /api/mcp/test answers for a server (its `type` is stdio, http, shttp, streamable-http or sse). */
export function mockMcpTest(server: Server): Record<string, unknown> {
  if (server.type === 'stdio')
    return server.command === MOCK_MCP_COMMAND
      ? { ok: true, tools: MOCK_MCP_TOOLS }
      : {
          ok: false,
          error: `Client failed to connect: [Errno 2] No such file or directory: '${String(server.command)}'`,
          error_kind: 'connection',
        };
  return server.url === MOCK_MCP_URL
    ? { ok: true, tools: MOCK_MCP_TOOLS }
    : {
        ok: false,
        error: 'Client failed to connect: All connection attempts failed',
        error_kind: 'connection',
      };
}
