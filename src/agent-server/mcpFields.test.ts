import { describe, expect, it } from 'vitest';
import { readMcpFields, readPairs } from './mcpFields';

const blank = { kind: 'stdio' as const, command: '', args: '', env: '', url: '', headers: '' };

describe('what a person types for an MCP server', () => {
  it('reads a command, its arguments one per line and its variables as NAME=value', () => {
    expect(
      readMcpFields({
        ...blank,
        command: ' uvx ',
        args: 'mcp-server-fetch\n\n  --verbose \n',
        env: 'TOKEN=a=b\nMODE = fast',
      }),
    ).toEqual({
      ok: true,
      spec: {
        kind: 'stdio',
        command: 'uvx',
        args: ['mcp-server-fetch', '--verbose'],
        env: { TOKEN: 'a=b', MODE: 'fast' },
      },
      secretsTyped: true,
    });
  });

  it('reads an address and headers as Name: value, keeping colons in values', () => {
    expect(
      readMcpFields({
        ...blank,
        kind: 'http',
        url: 'https://mcp.example/api',
        headers: 'Authorization: Bearer x:y',
      }),
    ).toEqual({
      ok: true,
      spec: { kind: 'http', url: 'https://mcp.example/api', headers: { Authorization: 'Bearer x:y' } },
      secretsTyped: true,
    });
  });

  it('names the field and the line that is wrong', () => {
    expect(readMcpFields(blank)).toMatchObject({ ok: false, field: 'command' });
    expect(readMcpFields({ ...blank, command: 'x', env: 'TOKEN abc' })).toEqual({
      ok: false,
      field: 'env',
      line: 'TOKEN abc',
    });
    expect(readMcpFields({ ...blank, kind: 'http', url: 'ftp://x' })).toMatchObject({
      ok: false,
      field: 'url',
    });
    expect(readMcpFields({ ...blank, kind: 'http', url: 'mcp.example' })).toMatchObject({
      ok: false,
      field: 'url',
    });
    expect(readMcpFields({ ...blank, kind: 'http', url: 'http://x', headers: ': v' })).toMatchObject({
      ok: false,
      field: 'headers',
    });
  });

  it('leaves the values out when none are typed (an edit keeps the stored ones)', () => {
    expect(readMcpFields({ ...blank, command: 'x' })).toMatchObject({ ok: true, secretsTyped: false });
    expect(readPairs('', '=')).toEqual({});
    expect(readPairs('KEY WITH SPACE=1', '=')).toEqual({ bad: 'KEY WITH SPACE=1' });
  });
});
