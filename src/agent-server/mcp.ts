import { HttpClient } from '@openhands/typescript-client/client/http-client';
import { isRecord } from './protocol';
import { clientPerServer } from './runtimeRoutes';
import type { ConnectionSettings } from './servers';

// The MCP servers a server keeps in its settings (settings_router.py: `agent_settings.mcp_config`,
// one named entry at a time under /api/settings/mcp/{name}) and its test route (mcp_router.py:
// connect, list the tools, disconnect; a failure is a 200 with `ok: false`). As with secrets, the
// server does not hand them to conversations: a new conversation's agent carries them.

/** An MCP server as a person describes it: a command run over stdio, or an HTTP address. */
export type McpSpec =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { kind: 'http'; url: string; headers: Record<string, string> };

/** One stored MCP server as listed: the values of its variables and headers are not sent back. */
export interface McpEntry {
  name: string;
  kind: 'stdio' | 'http';
  command?: string;
  args: string[];
  url?: string;
  /** The names of its environment variables (stdio) or headers (HTTP). */
  secretNames: string[];
  enabled: boolean;
}

/** A stored entry as a spec, its values left to the server (see `test`'s `keptFrom`). */
export function specOf(entry: McpEntry): McpSpec {
  return entry.kind === 'stdio'
    ? { kind: 'stdio', command: entry.command ?? '', args: entry.args, env: {} }
    : { kind: 'http', url: entry.url ?? '', headers: {} };
}

/** A test's outcome; a failure the server gave no words for has no `error`. */
export type McpTestResult = { ok: true; tools: string[] } | { ok: false; error?: string; kind: string };

/** What a stored name may be: the server takes any, but a name is part of a URL path. */
export const MCP_NAME = /^[\w.-]{1,64}$/;

/** The settings' form of a spec (the test route takes the same, with `type` for `transport`). */
function settingsForm(spec: McpSpec): Record<string, unknown> {
  return spec.kind === 'stdio'
    ? { transport: 'stdio', command: spec.command, args: spec.args, env: spec.env }
    : { transport: 'http', url: spec.url, headers: spec.headers };
}

function entryOf(name: string, server: unknown): McpEntry | undefined {
  if (!isRecord(server)) return undefined;
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const keys = (value: unknown) => (isRecord(value) ? Object.keys(value) : []);
  const stdio =
    typeof server.command === 'string' && server.transport !== 'http' && server.transport !== 'sse';
  return {
    name,
    kind: stdio ? 'stdio' : 'http',
    ...(stdio ? { command: server.command as string } : {}),
    ...(typeof server.url === 'string' ? { url: server.url } : {}),
    args: strings(server.args),
    secretNames: stdio ? keys(server.env) : keys(server.headers),
    enabled: server.enabled !== false,
  };
}

function mcpConfigOf(settings: unknown): Record<string, unknown> {
  const agent = isRecord(settings) && isRecord(settings.agent_settings) ? settings.agent_settings : {};
  return isRecord(agent.mcp_config) ? agent.mcp_config : {};
}

export class McpSettingsClient {
  // The library's SettingsClient and MCPClient come only through its barrel of every client
  // (which would put them all in the first load), and MCPClient first checks the server's version
  // against its own table, which a server that reports no release number (the mock) fails: its
  // transport is enough for these routes.
  private readonly http: HttpClient;

  constructor({ serverUrl, sessionApiKey }: ConnectionSettings) {
    this.http = new HttpClient({ baseUrl: serverUrl, apiKey: sessionApiKey || undefined, timeout: 60_000 });
  }

  /** The settings, their secret values redacted unless asked for in plain text. */
  private async settings(plaintext = false): Promise<unknown> {
    const headers = plaintext ? { 'X-Expose-Secrets': 'plaintext' } : undefined;
    return (await this.http.get('/api/settings', { headers })).data;
  }

  private route(name: string): string {
    return `/api/settings/mcp/${encodeURIComponent(name)}`;
  }

  async list(): Promise<McpEntry[]> {
    const config = mcpConfigOf(await this.settings());
    return Object.entries(config).flatMap(([name, server]) => entryOf(name, server) ?? []);
  }

  /** 409 if the name is taken. */
  async add(name: string, spec: McpSpec): Promise<void> {
    await this.http.post(this.route(name), settingsForm(spec));
  }

  /**
   * A new description for a stored server. Values left out (`keepSecrets`) stay as stored; given,
   * they replace the old ones, and names no longer there are removed.
   */
  async update(name: string, spec: McpSpec, previous: McpEntry, keepSecrets: boolean): Promise<void> {
    const patch = settingsForm(spec);
    const field = spec.kind === 'stdio' ? 'env' : 'headers';
    if (keepSecrets) delete patch[field];
    else {
      const next = patch[field] as Record<string, string | null>;
      for (const gone of previous.secretNames) if (!(gone in next)) next[gone] = null;
    }
    // A server that changes kind drops what belonged to the other.
    if (spec.kind !== previous.kind)
      Object.assign(
        patch,
        spec.kind === 'stdio' ? { url: null, headers: null } : { command: null, args: null, env: null },
      );
    await this.http.patch(this.route(name), patch);
  }

  async remove(name: string): Promise<void> {
    await this.http.delete(this.route(name));
  }

  async setEnabled(name: string, enabled: boolean): Promise<void> {
    await this.http.patch(this.route(name), { enabled });
  }

  /**
   * Connects, lists the tools and disconnects, storing nothing. `keptFrom` names a stored server
   * whose variables or headers stand in for the spec's (an edit that keeps them, a stored entry):
   * they are read from the server for this request and never reach the page.
   */
  async test(name: string, spec: McpSpec, keptFrom?: string): Promise<McpTestResult> {
    let values: unknown = spec.kind === 'stdio' ? spec.env : spec.headers;
    if (keptFrom) {
      const stored = mcpConfigOf(await this.settings(true))[keptFrom];
      if (isRecord(stored)) values = (spec.kind === 'stdio' ? stored.env : stored.headers) ?? {};
    }
    const server =
      spec.kind === 'stdio'
        ? { type: 'stdio', command: spec.command, args: spec.args, env: values }
        : { type: 'http', url: spec.url, headers: values };
    const { data } = await this.http.post('/api/mcp/test', { name, server, timeout: TEST_TIMEOUT_S });
    return resultOf(data);
  }

  /** Every stored MCP server with its values, for a new conversation's agent. */
  async forConversation(): Promise<Record<string, unknown>> {
    try {
      return mcpConfigOf(await this.settings(true));
    } catch {
      return {};
    }
  }
}

function resultOf(answer: unknown): McpTestResult {
  if (isRecord(answer) && answer.ok === true)
    return {
      ok: true,
      tools: Array.isArray(answer.tools)
        ? answer.tools.filter((t): t is string => typeof t === 'string')
        : [],
    };
  const error = isRecord(answer) && typeof answer.error === 'string' ? answer.error : undefined;
  const kind = isRecord(answer) && typeof answer.error_kind === 'string' ? answer.error_kind : 'unknown';
  return { ok: false, ...(error ? { error } : {}), kind };
}

/** How long the server waits for a tested server to connect and list its tools. */
const TEST_TIMEOUT_S = 30;

export const mcpSettingsClient = clientPerServer((settings) => new McpSettingsClient(settings));
