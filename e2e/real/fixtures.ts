import { test as base, expect, type Page, type TestInfo } from '../test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentServer, serversKeptFor, SESSION_KEY } from './agentServer';
import { ScriptedLlm } from './scriptedLlm';
import { ghStandIn } from './repositories';
import { expectRowsShow } from '../rows';
import { Tether } from '../app';
import { serverIdFor } from '../../src/agent-server/servers';

// Fixtures for the journeys against the real agent-server: one server per worker (it takes
// half a minute to start), one scripted LLM per test.

/** The python of a pinned version's venv: from scripts/test.sh, or made now (cached). */
export function agentServerPython(version: string): string {
  const fromTestScript = process.env[`TETHER_AGENT_SERVER_PYTHON_${version.replaceAll('.', '_')}`];
  if (fromTestScript) return fromTestScript;
  return execFileSync('bash', ['scripts/agent-server-venv.sh', version], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

/** Set per Playwright project: which pinned agent-server version the suite runs against. */
export interface RealServerOptions {
  agentServerVersion: string;
}

export const test = base.extend<{ llm: ScriptedLlm }, { server: AgentServer } & RealServerOptions>({
  agentServerVersion: ['1.57.0', { scope: 'worker', option: true }],
  server: [
    async ({ agentServerVersion }, use) => {
      const server = new AgentServer(agentServerPython(agentServerVersion), agentServerVersion);
      server.extraEnv = { PATH: ghStandIn(server.root) };
      await server.start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 600_000 },
  ],
  llm: async ({ server }, use, testInfo) => {
    const llm = new ScriptedLlm();
    await llm.start();
    await use(llm);
    Gate.openAll();
    await llm.stop();
    // Each journey's browser starts with no storage, so its first start has the server keep a
    // new model key: the server keeps at most 64, and a worker's server outlives many journeys.
    // (A journey that left its server stopped leaves them to the next start of that server.)
    await server.forgetModelKeys().catch(() => undefined);
    if (testInfo.status !== testInfo.expectedStatus) await attachEvidence(testInfo, server, llm);
  },
});

export { expect, SESSION_KEY };

/**
 * What a failed journey leaves to read: the server's log and what its model was asked, when. A
 * run that waited on the model is told apart from one the model answered and the UI missed.
 */
export async function attachEvidence(testInfo: TestInfo, server: AgentServer, llm: ScriptedLlm) {
  const name = `agent-server ${server.version} on ${server.port}`;
  await testInfo.attach(`${name}: log`, { path: join(server.root, 'server.log'), contentType: 'text/plain' });
  const asked = llm.requests.map((request) => ({
    at: new Date(request.at).toISOString(),
    path: request.path,
    tools: Array.isArray(request.body.tools) ? request.body.tools.length : 0,
    messages: Array.isArray(request.body.messages) ? request.body.messages.length : 0,
    lastUser: lastUserWords(request.body.messages),
  }));
  await testInfo.attach(`${name}: model requests`, {
    body: JSON.stringify(asked, null, 2),
    contentType: 'application/json',
  });
}

/** The first words of the newest user message a model request holds: which turn it answered. */
function lastUserWords(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  const user = (messages as { role?: string; content?: unknown }[]).findLast((m) => m.role === 'user');
  const content = user?.content;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content
            .map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : ''))
            .join(' ')
        : '';
  return text.replace(/\s+/g, ' ').slice(0, 60);
}

/**
 * Points the app at the real server alone, as a person would: adds it under Servers and forgets
 * the built-in mock. (`keepMock` keeps both in one inbox.)
 */
export async function connect(
  page: Page,
  server: AgentServer,
  key = SESSION_KEY,
  { keepMock = false }: { keepMock?: boolean } = {},
) {
  const app = new Tether(page);
  await page.goto('/');
  await app.addServer({ name: REAL_SERVER_NAME, url: server.url, key });
  if (!keepMock) await app.removeServer('Built-in mock');
  await app.closeServers();
}

export const REAL_SERVER_NAME = 'Real agent-server';

/**
 * Opens the app in a browser that already knows the real server and no other, as one does after
 * `connect`: for the journeys about something else. Adding it through the Servers dialog took
 * a second or more of each (the dialog, two health checks, the mock's removal); that path is
 * walked by `connect`, in the journeys that configure a server.
 */
export async function openConnected(page: Page, server: AgentServer, key = SESSION_KEY) {
  const kept = serversKeptFor(server, { id: serverIdFor(server.url, []), name: REAL_SERVER_NAME, key });
  // Before the app's first script, and never again: what the journey changes later stays.
  await page.addInitScript((stored) => {
    if (localStorage.getItem('tether.connection') === null) localStorage.setItem('tether.connection', stored);
  }, kept);
  const app = new Tether(page);
  await page.goto('/');
  await expect(app.serverHealth).toContainText(`Connected (server ${server.version})`, { timeout: 30_000 });
}

/**
 * A file the test creates when a scripted command may go on. A command behind a gate runs until
 * the test has seen what it wants (a card running, a reload), so no journey races a `sleep` on a
 * loaded machine; it gives up after a minute so nothing waits forever if the test never opens it.
 */
export class Gate {
  /** Every gate of the test now running: its end opens them all. */
  private static readonly made = new Set<Gate>();
  readonly path = join(mkdtempSync(join(tmpdir(), 'tether-gate-')), 'open');

  constructor() {
    Gate.made.add(this);
  }

  /**
   * Lets every command still waiting at a gate finish. A test that ends with one waiting would
   * otherwise leave it running on the worker's server for up to a minute, into the next tests.
   */
  static openAll(): void {
    for (const gate of Gate.made) gate.open();
    Gate.made.clear();
  }

  /** A shell command that waits for the gate, then runs `then`. */
  command(then: string): string {
    return `for i in $(seq 600); do [ -e ${this.path} ] && break; sleep 0.1; done; ${then}`;
  }

  open(): void {
    writeFileSync(this.path, '');
  }
}

/** Starts a conversation from the New conversation form with the scripted LLM. */
export async function startConversation(
  page: Page,
  llm: ScriptedLlm,
  text: string,
  options: {
    model?: string;
    workspaceFolder?: string;
    approval?: 'Ask for every action';
    /** Where the key is kept; the form's choice when absent (the agent-server, where it can). */
    keyKept?: 'In this browser';
    /** In a git worktree of its own, from the folder's HEAD. */
    worktree?: boolean;
  } = {},
): Promise<string> {
  if (options.approval)
    await page
      .getByRole('combobox', { name: 'Ask before actions' })
      .selectOption({ label: options.approval });
  await page.getByText(/^Model:/).click();
  await page.getByLabel('Model', { exact: true }).fill(options.model ?? 'openai/scripted-model');
  await page.getByText(/^Workspace folder:/).click();
  await page.getByLabel('Workspace folder', { exact: true }).fill(options.workspaceFolder ?? '');
  await page.getByLabel('Base URL').fill(llm.url);
  await page.getByLabel('API key').fill('sk-scripted');
  if (options.keyKept) await page.getByRole('radio', { name: options.keyKept, exact: true }).check();
  if (options.worktree) {
    await page.getByRole('checkbox', { name: 'In its own git worktree, on a branch of its own' }).check();
    await page.getByLabel('Start from').selectOption({ label: 'The folder’s current HEAD' });
  }
  await page.getByLabel('What should the agent do?').fill(text);
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page).toHaveURL(/\/conversations\/[\w-]+$/, { timeout: 30_000 });
  return page.url().split('/').at(-1)!;
}

/**
 * The UI shows every persisted event of the conversation once (state updates are not rows), once
 * it has caught up: a conversation just opened has its heading before all its rows (seen on a
 * server restarted after a crash: two of three rows when the heading showed, three 0.5 s later).
 */
export async function expectRowsMatch(page: Page, server: AgentServer, conversationId: string) {
  await expect(async () => expectRowsShow(page, await server.eventIds(conversationId))).toPass({
    timeout: 15_000,
  });
}
