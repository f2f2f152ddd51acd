import type { McpSpec } from './mcp';

// What a person types for an MCP server, read into a spec: arguments one per line, environment
// variables as NAME=value and headers as Name: value, one per line. A refusal names the field that
// is wrong and, for a list, its first wrong line; the form says it in words.

export interface McpFields {
  kind: 'stdio' | 'http';
  command: string;
  args: string;
  env: string;
  url: string;
  headers: string;
}

export type McpFieldsRead =
  | { ok: true; spec: McpSpec; secretsTyped: boolean }
  | { ok: false; field: Exclude<keyof McpFields, 'kind' | 'args'>; line?: string };

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** `NAME=value` or `Name: value` lines into a map, or the first line that is not one. */
export function readPairs(text: string, separator: '=' | ':'): Record<string, string> | { bad: string } {
  const pairs: Record<string, string> = {};
  for (const line of lines(text)) {
    const at = line.indexOf(separator);
    const key = at > 0 ? line.slice(0, at).trim() : '';
    if (!key || /\s/.test(key)) return { bad: line };
    pairs[key] = line.slice(at + 1).trim();
  }
  return pairs;
}

export function readMcpFields(fields: McpFields): McpFieldsRead {
  if (fields.kind === 'stdio') {
    const command = fields.command.trim();
    if (!command) return { ok: false, field: 'command' };
    const env = readPairs(fields.env, '=');
    if ('bad' in env && typeof env.bad === 'string') return { ok: false, field: 'env', line: env.bad };
    return {
      ok: true,
      spec: { kind: 'stdio', command, args: lines(fields.args), env: env as Record<string, string> },
      secretsTyped: lines(fields.env).length > 0,
    };
  }
  const url = fields.url.trim();
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    return { ok: false, field: 'url' };
  const headers = readPairs(fields.headers, ':');
  if ('bad' in headers && typeof headers.bad === 'string')
    return { ok: false, field: 'headers', line: headers.bad };
  return {
    ok: true,
    spec: { kind: 'http', url, headers: headers as Record<string, string> },
    secretsTyped: lines(fields.headers).length > 0,
  };
}
