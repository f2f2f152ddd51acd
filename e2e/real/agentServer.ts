import { summarise, type EventSummary } from '../rows';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { killMarked, MARKER } from './leftovers';
import { startPython, type ServerProcess } from './forkServer';
import type { ServersState } from '../../src/agent-server/servers';

// The real OpenHands agent-server, run from the project's venv with a hermetic environment
// (../shared/agent-server-protocol.md): its own conversations folder and HOME, a session key,
// no tool preloading, no VS Code, no lease after a crash, no price-map download.

export const SESSION_KEY = 'tether-e2e-session-key';

/** An MCP server over stdio for the journeys (tools tether_echo and add_numbers), run by the venv's python. */
export const MCP_TEST_TOOLS = fileURLToPath(new URL('./mcp/test_tools.py', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The JSON schema of the session socket's frames, as the installed server's own pydantic models
 * define them (session_protocol.py): websocket frames are not in its OpenAPI document.
 */
export async function sessionFrameSchema(python: string): Promise<Record<string, unknown>> {
  const script = [
    'import json',
    // The server's app imports the tools, which registers their action and observation kinds.
    'import openhands.agent_server.api',
    'from pydantic import TypeAdapter',
    'from openhands.agent_server.session_protocol import SessionFrame',
    "print('SCHEMA ' + json.dumps(TypeAdapter(SessionFrame).json_schema(mode='serialization')))",
  ].join('\n');
  const root = mkdtempSync(join(tmpdir(), 'tether-frame-schema-'));
  const log = join(root, 'out.log');
  mkdirSync(join(root, 'home'));
  const child = await startPython(python, {
    run: { code: script },
    argv: [],
    cwd: root,
    // Its import logs a page of start-up lines too: they go with the schema, which is found by its prefix.
    log,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: join(root, 'home'),
      TZ: 'UTC',
      [MARKER]: root,
      LITELLM_LOCAL_MODEL_COST_MAP: 'true',
      OH_CONVERSATIONS_PATH: join(root, 'conversations'),
    },
  });
  const code = await child.exited;
  const line = readFileSync(log, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('SCHEMA '));
  killMarked(root);
  if (line) rmSync(root, { recursive: true, force: true });
  if (!line) throw new Error(`The agent-server printed no session frame schema (exit ${code}); see ${log}`);
  return JSON.parse(line.slice('SCHEMA '.length)) as Record<string, unknown>;
}

/**
 * What the app keeps in a browser that knows this one server and no other (its `tether.connection`
 * entry), for a page that opens already connected: the journeys' `openConnected`, the bench.
 */
export function serversKeptFor(
  server: AgentServer,
  { id, name, key = SESSION_KEY }: { id: string; name: string; key?: string },
): string {
  const state: ServersState = {
    servers: [{ id, name, serverUrl: server.url, sessionApiKey: key }],
    defaultServerId: id,
  };
  return JSON.stringify({ state, version: 2 });
}

export class AgentServer {
  readonly root = mkdtempSync(join(tmpdir(), 'tether-agent-server-'));
  private process: ServerProcess | undefined;
  port = 0;
  /** More of the server's settings by environment (OH_WEBHOOKS, say), for a journey's own server. */
  extraEnv: Record<string, string> = {};

  constructor(
    readonly python: string,
    readonly version: string,
    /** The session API key it wants (two servers in one journey each want their own). */
    readonly key = SESSION_KEY,
  ) {
    mkdirSync(join(this.root, 'home'), { recursive: true });
    mkdirSync(join(this.root, 'conversations'), { recursive: true });
    mkdirSync(join(this.root, 'workspace'), { recursive: true });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get workspace(): string {
    return join(this.root, 'workspace');
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    this.process = await startPython(this.python, {
      run: { module: 'openhands.agent_server' },
      argv: ['--host', '127.0.0.1', '--port', String(this.port)],
      cwd: this.workspace,
      log: join(this.root, 'server.log'),
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        // Inherited by everything the server starts: stopping it ends them too (leftovers.ts).
        [MARKER]: this.root,
        HOME: join(this.root, 'home'),
        TZ: 'UTC',
        OH_SESSION_API_KEYS_0: this.key,
        // Where the server's own tools reach it (start_child_conversation): its default is port 8000.
        OH_INTERNAL_SERVER_URL: `http://127.0.0.1:${this.port}`,
        OH_CONVERSATIONS_PATH: join(this.root, 'conversations'),
        // Conversations' git worktrees stay under the journey's folder (the default is /tmp).
        OH_CONVERSATION_WORKTREE_ROOT: join(this.root, 'worktrees'),
        OH_SECRET_KEY: 'tether-e2e-secret',
        OH_PRELOAD_TOOLS: 'false',
        OH_ENABLE_VSCODE: 'false',
        OH_LEASE_TTL_SECONDS: '0',
        LITELLM_LOCAL_MODEL_COST_MAP: 'true',
        GIT_AUTHOR_NAME: 'Tether',
        GIT_AUTHOR_EMAIL: 'tether@localhost',
        GIT_COMMITTER_NAME: 'Tether',
        GIT_COMMITTER_EMAIL: 'tether@localhost',
        ...this.extraEnv,
      },
    });
    await this.waitUntilReady();
  }

  private async waitUntilReady(): Promise<void> {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (this.process && this.process.exitCode !== null) {
        throw new Error(
          `The agent-server exited with ${this.process.exitCode}; see ${join(this.root, 'server.log')}`,
        );
      }
      try {
        const response = await fetch(`${this.url}/ready`, { signal: AbortSignal.timeout(5_000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`The agent-server was not ready within 90 s; see ${join(this.root, 'server.log')}`);
  }

  /** A hard kill, as a crash: no shutdown hooks run. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (child && child.exitCode === null) {
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await child.exited;
      clearTimeout(timer);
    }
    // What it started outlives it (its browser tool's Chromium, a shell): ended with it.
    killMarked(this.root);
  }

  /** REST helper for assertions (the app itself always goes through the UI). */
  /** Deletes every model key the server keeps (its provider connections). */
  async forgetModelKeys(): Promise<void> {
    const kept = await this.api<{ id: string }[]>('/api/llm/provider-connections');
    for (const { id } of kept) await this.api(`/api/llm/provider-connections/${id}`, { method: 'DELETE' });
  }

  async api<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(`${this.url}${path}`, {
      // A read the server never answers fails here with its path, not as a test timeout.
      signal: AbortSignal.timeout(20_000),
      ...init,
      headers: {
        'X-Session-API-Key': this.key,
        'Content-Type': 'application/json',
        ...(init.headers ?? {}),
      },
    });
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** The conversation's info, as the server has it now. */
  conversation(
    conversationId: string,
  ): Promise<{ confirmation_policy?: { kind?: string }; execution_status?: string }> {
    return this.api(`/api/conversations/${conversationId}`);
  }

  /** Every persisted event of a conversation, as the server gives them, in its order. */
  async events(conversationId: string): Promise<{ id: string; kind: string }[]> {
    const all: { id: string; kind: string }[] = [];
    let pageId: string | undefined;
    for (;;) {
      const page = await this.api<{ items: { id: string; kind: string }[]; next_page_id?: string | null }>(
        `/api/conversations/${conversationId}/events/search?limit=100${pageId ? `&page_id=${pageId}` : ''}`,
      );
      all.push(...page.items);
      if (!page.next_page_id) return all;
      pageId = page.next_page_id;
    }
  }

  /** Every persisted event id of a conversation, in the server's order. */
  async eventIds(conversationId: string): Promise<EventSummary[]> {
    return (await this.events(conversationId)).map(summarise);
  }
}
