import Ajv2020 from 'ajv/dist/2020.js';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConversationClient } from '@openhands/typescript-client/clients';
import { MOCK_SERVER_URL } from '../../src/agent-server/servers';
import type { ServerEvent } from '../../src/agent-server/protocol';
import { DELIBERATELY_MALFORMED, SEEDED, seedStore } from '../../mocks/fixtures';
import { MockAgentServer } from '../../mocks/handlers';
import { syncFrame, transientFrame } from '../../mocks/sockets';
import { MockStore } from '../../mocks/store';
import { setupServer } from 'msw/node';
import { WORKSPACE_ROOT } from '../../mocks/workspace';
import { MOCK_MCP_COMMAND, MOCK_MCP_TOOLS } from '../../mocks/mcp';
import { MCP_TEST_TOOLS, sessionFrameSchema, type AgentServer } from './agentServer';
import { askBoth, listeningMock, realSchema } from './contractParts';
import { shellWord } from '../../src/conversation/shellWord';
import { SESSION_KEY, connect, expect, startConversation, test } from './fixtures';

// Holds the mock agent-server to the real one: every REST answer and every frame the mock sends
// must validate against the OpenAPI schema the real server serves, and the frames of a real run
// must validate against it too (so the schema is what goes over the wire).

/** A conversation in a working_dir on either server, as the path its runtime routes start with. */
async function conversationIn(server: AgentServer, base: string, workingDir: string): Promise<string> {
  const response = await fetch(`${base}/api/conversations`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Session-API-Key': base === server.url ? SESSION_KEY : '',
    },
    body: JSON.stringify({
      agent: { kind: 'Agent', llm: { model: 'openai/x', usage_id: 'agent' } },
      workspace: { working_dir: workingDir },
    }),
  });
  expect(response.status, base).toBeLessThan(300);
  return `/api/conversations/${((await response.json()) as { id: string }).id}`;
}

/** Validates session socket frames against the installed server's own models of them. */
async function frameValidator(python: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const validator = ajv.compile(await sessionFrameSchema(python));
  return (frame: unknown): string[] =>
    validator(frame)
      ? []
      : [`${JSON.stringify(frame).slice(0, 160)}: ${ajv.errorsText(validator.errors?.slice(0, 3))}`];
}

test('the mock’s REST answers and frames validate against the real server’s schema @smoke', async ({
  server,
  page,
  llm,
}) => {
  test.setTimeout(180_000);
  const { validate, has } = await realSchema(server.url);
  const validateFrame = await frameValidator(server.python);

  // The mock, in this process, answering the same client calls the app makes.
  const store = new MockStore(() => new Date(Date.UTC(2026, 10, 21)));
  seedStore(store);
  store.sealSeeds();
  const mock = new MockAgentServer(store);
  mock.agent.timing = { tokenMs: 1, toolMs: 5 };
  const frames: ServerEvent[] = [];
  const sessionFrames: object[] = [];
  mock.frameTap = ({ legacy, session }) => {
    if (legacy) frames.push(legacy as ServerEvent);
    if (session) sessionFrames.push(session);
  };
  const msw = setupServer(...mock.handlers());
  msw.listen({ onUnhandledRequest: 'bypass' });
  const problems: string[] = [];
  try {
    const client = new ConversationClient({ host: MOCK_SERVER_URL });
    problems.push(...validate('ConversationPage', await client.searchConversations({ limit: 5 })));
    const conversations = [...store.conversations.keys()];
    for (const id of conversations)
      problems.push(...validate('ConversationInfo', await client.getConversation(id)));
    const created = await client.createConversation<{ id: string }>({
      agent: { kind: 'Agent', llm: { model: 'x' } },
      initial_message: { role: 'user', content: [{ type: 'text', text: 'hello' }], run: true },
    });
    problems.push(...validate('ConversationInfo', created));
    await expect
      .poll(() => store.get(created.id)!.info.execution_status, { timeout: 10_000 })
      .toBe('finished');
    // Runs that use the browser, keep a task list, start a child conversation and hand a task to
    // a sub-agent: their events join the frames checked below.
    for (const text of [
      'Look at the docs in the browser',
      'Make a plan for the docs',
      'Start a child conversation for the docs',
      'Use a sub-agent to find the parser',
    ]) {
      const run = await client.createConversation<{ id: string }>({
        // The agent uses only the tools it was given, as on a real server.
        agent: {
          kind: 'Agent',
          llm: { model: 'x' },
          tools: [
            'terminal',
            'task_tracker',
            'browser_tool_set',
            'task_tool_set',
            'start_child_conversation',
          ].map((name) => ({ name })),
        },
        initial_message: { role: 'user', content: [{ type: 'text', text }], run: true },
      });
      await expect.poll(() => store.get(run.id)!.info.execution_status, { timeout: 10_000 }).toBe('finished');
    }
    const children = [...store.conversations.values()].filter((c) => c.info.parent_conversation_id);
    expect(children).toHaveLength(1);
    await expect.poll(() => children[0]!.info.execution_status, { timeout: 10_000 }).toBe('finished');
    problems.push(...validate('ConversationInfo', await client.getConversation(children[0]!.info.id)));
    problems.push(...validate('Success', await client.updateConversation(created.id, { title: 'Renamed' })));
    // Tags alone, as Tether keeps a conversation's limits: they replace the old ones, the title stays.
    problems.push(
      ...validate('Success', await client.updateConversation(created.id, { tags: { tetherbudget: '2.5' } })),
    );
    const tagged = await client.getConversation(created.id);
    problems.push(...validate('ConversationInfo', tagged));
    expect(tagged).toMatchObject({ title: 'Renamed', tags: { tetherbudget: '2.5' } });
    problems.push(...validate('Success', await client.interruptConversation(created.id)));
    problems.push(...validate('Success', await client.pauseConversation(created.id)));
    // A model switch and a compaction: their events join the frames checked below.
    await client.switchLLM(created.id, { model: 'openai/other', usage_id: 'agent' } as never);
    const condensing = await client.createConversation<{ id: string }>({
      agent: {
        kind: 'Agent',
        llm: { model: 'x', usage_id: 'agent' },
        condenser: { kind: 'LLMSummarizingCondenser', llm: { model: 'x', usage_id: 'condenser' } },
      } as never,
    });
    problems.push(...validate('Success', await client.condenseConversation(condensing.id)));
    const kindsSent = new Set(frames.map((f) => `${f.kind}${'key' in f ? `:${String(f.key)}` : ''}`));
    for (const kind of [
      'ConversationStateUpdateEvent:stats',
      'ConversationStateUpdateEvent:agent',
      'CondensationRequest',
      'Condensation',
    ])
      expect(kindsSent, kind).toContain(kind);
    // Without a condenser both refuse alike: 409 and the same words.
    const refusal = async (base: string, headers: Record<string, string>, id: string) => {
      const response = await fetch(`${base}/api/conversations/${id}/condense`, { method: 'POST', headers });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const realPlain = await server.api<{ id: string }>('/api/conversations', {
      method: 'POST',
      body: JSON.stringify({
        agent: { kind: 'Agent', llm: { model: 'openai/x', usage_id: 'agent' } },
        workspace: { working_dir: '/tmp/tether-contract-plain' },
      }),
    });
    // Where a conversation runs: the info carries it, and the runtime routes answer alike for a
    // local runtime (the only kind this server has).
    const realInfo = await server.api<Record<string, unknown>>(`/api/conversations/${realPlain.id}`);
    const mockInfo = (await client.getConversation(created.id)) as unknown as Record<string, unknown>;
    expect(mockInfo.runtime_info).toEqual(realInfo.runtime_info);
    for (const [path, method] of [
      ['runtime', 'GET'],
      ['runtime/reprovision', 'POST'],
    ] as const) {
      const real = await server.api<unknown>(`/api/conversations/${realPlain.id}/${path}`, { method });
      const answer = await fetch(`${MOCK_SERVER_URL}/api/conversations/${created.id}/${path}`, { method });
      expect(answer.status, path).toBe(200);
      const mockRuntime = (await answer.json()) as unknown;
      expect(mockRuntime, path).toEqual(real);
      problems.push(...validate('ConversationRuntimeInfo', mockRuntime));
    }
    // The saved workspace folders: the same shape, and a folder saved twice is kept once.
    const saving = {
      workspaces: [{ id: '/tmp/saved-twice', name: 'saved-twice', path: '/tmp/saved-twice' }],
    };
    for (const base of [server.url, MOCK_SERVER_URL]) {
      const headers = {
        'Content-Type': 'application/json',
        ...(base === server.url ? { 'X-Session-API-Key': SESSION_KEY } : {}),
      };
      for (let i = 0; i < 2; i++)
        await fetch(`${base}/api/workspaces`, { method: 'POST', headers, body: JSON.stringify(saving) });
      const listed = (await (await fetch(`${base}/api/workspaces`, { headers })).json()) as {
        workspaces: { path: string }[];
      };
      problems.push(...validate('WorkspacesListResponse', listed).map((p) => `${base}: ${p}`));
      expect(
        listed.workspaces.filter((w) => w.path === '/tmp/saved-twice'),
        base,
      ).toHaveLength(1);
    }
    // What the Servers dialog reads of /server_info, in the same types.
    const realServerInfo = await server.api<Record<string, unknown>>('/server_info');
    const mockServerInfo = (await (await fetch(`${MOCK_SERVER_URL}/server_info`)).json()) as Record<
      string,
      unknown
    >;
    for (const field of ['version', 'usable_tools', 'conversation_runtime'])
      expect(typeof mockServerInfo[field], field).toBe(typeof realServerInfo[field]);
    expect(mockServerInfo.conversation_runtime).toBe(realServerInfo.conversation_runtime);
    const mockRefusal = await refusal(MOCK_SERVER_URL, {}, created.id);
    const realRefusal = await refusal(server.url, { 'X-Session-API-Key': SESSION_KEY }, realPlain.id);
    if (server.version === '1.57.0') {
      // 1.57 lets the SDK's ValueError out as a 500 naming it; 1.58 made it the 409 the mock gives.
      expect(realRefusal.status).toBe(500);
      expect(String((realRefusal.body as { exception?: unknown }).exception)).toContain(
        (mockRefusal.body as { detail: string }).detail,
      );
    } else {
      expect(mockRefusal).toEqual(realRefusal);
    }
    // The tree's routes: navigate and fork answer a conversation's info; an event the
    // conversation does not hold is a 404 naming it, on both.
    const createdEvents = store.get(created.id)!.events;
    const firstMessage = createdEvents.find((event) => event.kind === 'MessageEvent')!;
    const navigated = await client.navigateConversation<{ leaf_event_id?: string }>(created.id, {
      event_id: firstMessage.id,
    });
    problems.push(...validate('ConversationInfo', navigated));
    expect(navigated.leaf_event_id).toBe(firstMessage.id);
    const forked = await client.forkConversation(created.id, { from_event_id: firstMessage.id } as never);
    problems.push(...validate('ConversationInfo', forked));
    const unknownEvent = async (base: string, headers: Record<string, string>, id: string, route: string) => {
      const body = route === 'navigate' ? { event_id: 'no-such-event' } : { from_event_id: 'no-such-event' };
      const response = await fetch(`${base}/api/conversations/${id}/${route}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    for (const route of ['navigate', 'fork']) {
      const mockAnswer = await unknownEvent(MOCK_SERVER_URL, {}, created.id, route);
      const realAnswer = await unknownEvent(
        server.url,
        { 'X-Session-API-Key': SESSION_KEY },
        realPlain.id,
        route,
      );
      expect(mockAnswer, route).toEqual(realAnswer);
    }
    // Every persisted event of every seeded conversation, as the events search returns them.
    for (const id of conversations) {
      const page = await client.searchEvents(id, { limit: 100 });
      for (const event of page.items as unknown as ServerEvent[]) {
        if (has(event.kind) && !DELIBERATELY_MALFORMED.has(event.id))
          problems.push(...validate(event.kind, event));
      }
    }
    // The frames the mock's agent sent during the run, deltas included: legacy events against
    // the OpenAPI schema, session envelopes against the server's frame models.
    expect(frames.some((f) => f.kind === 'StreamingDeltaEvent')).toBe(true);
    const observed = new Set(
      frames.map((f) =>
        f.kind === 'ObservationEvent' ? (f as { observation: { kind: string } }).observation.kind : '',
      ),
    );
    for (const kind of ['BrowserObservation', 'TaskTrackerObservation'])
      expect(observed, kind).toContain(kind);
    for (const frame of frames) problems.push(...validate(frame.kind, frame));
    const types = new Set(sessionFrames.map((f) => (f as { type: string }).type));
    for (const type of ['durable', 'item_started', 'delta']) expect(types, type).toContain(type);
    const conversation = store.get(created.id)!;
    for (const frame of [
      ...sessionFrames,
      syncFrame(null, conversation.events.length - 1),
      syncFrame(-1, -1),
      transientFrame(conversation.events[0]!),
    ])
      problems.push(...validateFrame(frame));
  } finally {
    msw.close();
  }
  expect([...new Set(problems)]).toEqual([]);

  // What the mock's socket really sends the app on joining and on resuming (sync, the replay of
  // what was missed, the state snapshot), taken from the mock in the page, holds to the schema.
  await page.goto(`/conversations/${SEEDED.parser}`);
  await expect(page.locator('[data-connection="open"]')).toBeVisible();
  await page.evaluate(() => {
    const mock = window.__tetherMock!;
    const seen: object[] = [];
    Object.assign(window, { __sessionFrames: seen });
    mock.frameTap = ({ session }) => void (session && seen.push(session));
    mock.agent.timing = { tokenMs: 1, toolMs: 5 };
    mock.refuseSockets = true;
    mock.dropSockets();
  });
  // Away from the socket, the message goes over REST and the run is persisted meanwhile.
  await page.getByLabel('Message to the agent').fill('Anything new?');
  await page.getByLabel('Message to the agent').press('Enter');
  await expect
    .poll(() =>
      page.evaluate((id) => window.__tetherMock!.store.get(id)!.info.execution_status, SEEDED.parser),
    )
    .toBe('finished');
  await page.evaluate(() => void (window.__tetherMock!.refuseSockets = false));
  await expect(page.locator('[data-connection="open"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('log').getByText('Anything new?', { exact: true })).toBeVisible();
  const joined = await page.evaluate(() => (window as { __sessionFrames?: object[] }).__sessionFrames ?? []);
  const joinedTypes = new Set(joined.map((frame) => (frame as { type: string }).type));
  for (const type of ['sync', 'durable', 'transient']) expect(joinedTypes, type).toContain(type);
  expect([...new Set(joined.flatMap(validateFrame))]).toEqual([]);

  // A real run, recorded frame by frame from the browser's socket: the schema holds for it too.
  const realEnvelopes: { type?: string; event?: ServerEvent }[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      try {
        realEnvelopes.push(JSON.parse(String(payload)) as { type?: string; event?: ServerEvent });
      } catch {
        realEnvelopes.push({ type: `not JSON: ${String(payload).slice(0, 80)}` });
      }
    }),
  );
  llm.setScript([
    {
      reasoning: 'Short.',
      text: 'Listing.',
      toolCalls: [{ name: 'terminal', arguments: { command: 'echo hi' } }],
    },
    // The second turn streams slowly and calls a tool, so its action comes over the socket.
    {
      text: 'Now listing once more, slowly.',
      tokenMs: 150,
      toolCalls: [{ name: 'terminal', arguments: { command: 'echo again' } }],
    },
    { text: 'Done.' },
  ]);
  await connect(page, server);
  const conversationId = await startConversation(page, llm, 'Record my frames');
  await expect(page.getByRole('log').getByText('Done.')).toBeVisible({ timeout: 60_000 });
  // The app speaks the session socket to this server: every frame is an envelope.
  expect([...new Set(realEnvelopes.flatMap(validateFrame))]).toEqual([]);
  const realTypes = new Set(realEnvelopes.map((f) => f.type));
  for (const type of ['sync', 'durable', 'transient', 'item_started', 'delta'])
    expect(realTypes, type).toContain(type);
  const realFrames = realEnvelopes.flatMap((f) => (f.event ? [f.event] : []));
  const kinds = new Set(realFrames.map((f) => f.kind));
  for (const kind of ['ConversationStateUpdateEvent', 'MessageEvent', 'ActionEvent', 'ObservationEvent']) {
    expect(kinds, kind).toContain(kind);
  }
  const persisted = await server.api<{ items: ServerEvent[] }>(
    `/api/conversations/${conversationId}/events/search?limit=100`,
  );
  const realProblems = [...realFrames, ...persisted.items].flatMap((event) =>
    has(event.kind) ? validate(event.kind, event) : [`unknown kind ${event.kind}`],
  );
  expect([...new Set(realProblems)]).toEqual([]);
  // The mock sends the kinds a real run sends (and no kind the server does not know).
  for (const kind of new Set(frames.map((f) => f.kind))) expect(has(kind), kind).toBe(true);
});

test('the mock’s workspace routes answer as the real server’s do, in shape and in edge cases @smoke', async ({
  server,
}) => {
  const { validate } = await realSchema(server.url);
  // A real repository on the real server: a commit, then a modified, an added, a deleted and a
  // binary file in the working tree (as the mock's seeded workspace has).
  const repo = join(server.root, 'contract-repo');
  mkdirSync(join(repo, 'docs'), { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
  git('init', '-q');
  writeFileSync(join(repo, 'parser.py'), 'a = 1\n');
  writeFileSync(join(repo, 'docs', 'old-guide.md'), '# Old\n');
  writeFileSync(join(repo, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
  git('add', '-A');
  git('-c', 'user.name=T', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'Initial commit');
  writeFileSync(join(repo, 'parser.py'), 'a = 2\n');
  writeFileSync(join(repo, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9]));
  rmSync(join(repo, 'docs', 'old-guide.md'));
  mkdirSync(join(repo, 'notes'));
  writeFileSync(join(repo, 'notes', 'réunion du lundi.md'), '# Réunion\n');
  const sha = git('rev-parse', 'HEAD').toString().trim();

  const { store, msw } = listeningMock();
  const mockRepo = WORKSPACE_ROOT;
  const mockSha = store.workspace.commitList(mockRepo, 1).commits[0]!.sha;
  const outside = join(server.root, 'not-a-repository');
  mkdirSync(outside, { recursive: true });
  const { both } = askBoth(server);
  const q = encodeURIComponent;
  const problems: string[] = [];
  try {
    // Shapes: every answer validates against the real server's schema.
    const changes = await both(`/api/git/changes?path=${q(repo)}`, `/api/git/changes?path=${q(mockRepo)}`);
    for (const side of [changes.real, changes.mock]) {
      expect(side.status, JSON.stringify(side.body)).toBe(200);
      for (const change of side.body as unknown[]) problems.push(...validate('GitChange', change));
    }
    // The same statuses for the same kinds of change (the server has no "untracked" or "renamed").
    const statusOf = (body: unknown, path: string) =>
      (body as { path: string; status: string }[]).find((c) => c.path === path)?.status;
    for (const [path, status] of [
      ['parser.py', 'UPDATED'],
      ['logo.png', 'UPDATED'],
      ['docs/old-guide.md', 'DELETED'],
      // Git's quoted form of a non-ASCII path, its backslashes turned into slashes by the server.
      ['"notes/r/303/251union du lundi.md"', 'ADDED'],
    ] as const) {
      expect(statusOf(changes.real.body, path), `real ${path}`).toBe(status);
      expect(statusOf(changes.mock.body, path), `mock ${path}`).toBe(status);
    }
    const diff = await both(
      `/api/git/diff?path=${q(`${repo}/parser.py`)}`,
      `/api/git/diff?path=${q(`${mockRepo}/parser.py`)}`,
    );
    for (const side of [diff.real, diff.mock]) problems.push(...validate('GitDiff', side.body));
    // Whole texts without their last newline.
    expect((diff.real.body as { modified: string }).modified).toBe('a = 2');
    expect((diff.mock.body as { modified: string }).modified.endsWith('\n')).toBe(false);
    // A binary file: the working side reads as "", the committed side keeps replacement characters.
    const binary = await both(
      `/api/git/diff?path=${q(`${repo}/logo.png`)}`,
      `/api/git/diff?path=${q(`${mockRepo}/logo.png`)}`,
    );
    for (const side of [binary.real, binary.mock]) {
      const body = side.body as { modified: string; original: string };
      expect(body.modified).toBe('');
      expect(body.original.includes('\uFFFD') || body.original.includes('\u0000')).toBe(true);
    }
    const deleted = await both(
      `/api/git/diff?path=${q(`${repo}/docs/old-guide.md`)}`,
      `/api/git/diff?path=${q(`${mockRepo}/docs/old-guide.md`)}`,
    );
    // 1.58 diffs a file deleted from the working tree against ""; 1.57 refuses it (Tether then
    // reads the file from the newest commit). The mock answers as 1.58 does.
    if (server.version === '1.57.0') expect(deleted.real.status).toBe(400);
    else expect((deleted.real.body as { modified: string }).modified).toBe('');
    expect((deleted.mock.body as { modified: string }).modified).toBe('');
    const commits = await both(`/api/git/commits?path=${q(repo)}`, `/api/git/commits?path=${q(mockRepo)}`);
    for (const side of [commits.real, commits.mock]) problems.push(...validate('GitCommitsPage', side.body));
    const commitChanges = await both(
      `/api/git/commits/${sha}/changes?path=${q(repo)}`,
      `/api/git/commits/${mockSha}/changes?path=${q(mockRepo)}`,
    );
    for (const side of [commitChanges.real, commitChanges.mock])
      for (const change of side.body as unknown[]) problems.push(...validate('GitChange', change));
    const commitDiff = await both(
      `/api/git/diff?path=${q(`${repo}/parser.py`)}&commit=${sha}`,
      `/api/git/diff?path=${q(`${mockRepo}/parser.py`)}&commit=${mockSha}`,
    );
    for (const side of [commitDiff.real, commitDiff.mock]) problems.push(...validate('GitDiff', side.body));

    // Edge cases Tether relies on, answered the same way by both.
    const statuses = async (real: string, mock: string) => {
      const { real: r, mock: m } = await both(real, mock);
      return [r.status, m.status];
    };
    // Not a repository: an empty list, and an unknown commit is not refused (Tether's repository probe).
    const plain = await both(
      `/api/git/changes?path=${q(outside)}`,
      `/api/git/changes?path=${q('/elsewhere')}`,
    );
    expect([plain.real.body, plain.mock.body]).toEqual([[], []]);
    expect(
      await statuses(
        `/api/git/commits/0000000/changes?path=${q(outside)}`,
        `/api/git/commits/0000000/changes?path=${q('/elsewhere')}`,
      ),
    ).toEqual([200, 200]);
    expect(
      await statuses(
        `/api/git/commits/0000000/changes?path=${q(repo)}`,
        `/api/git/commits/0000000/changes?path=${q(mockRepo)}`,
      ),
    ).toEqual([400, 400]);
    expect(
      await statuses(
        `/api/git/diff?path=${q(`${repo}/nope.txt`)}`,
        `/api/git/diff?path=${q(`${mockRepo}/nope.txt`)}`,
      ),
    ).toEqual([400, 400]);
    expect(await statuses(`/api/file/download?path=parser.py`, `/api/file/download?path=parser.py`)).toEqual([
      400, 400,
    ]);
    expect(
      await statuses(
        `/api/file/download?path=${q(`${repo}/nope.txt`)}`,
        `/api/file/download?path=${q(`${mockRepo}/nope.txt`)}`,
      ),
    ).toEqual([404, 404]);
    // A Range request reads the head of a file only.
    const ranged = await Promise.all(
      [server.url, MOCK_SERVER_URL].map((base, i) =>
        fetch(`${base}/api/file/download?path=${q(`${[repo, mockRepo][i]}/parser.py`)}`, {
          headers: { Range: 'bytes=0-2', 'X-Session-API-Key': base === server.url ? SESSION_KEY : '' },
        }),
      ),
    );
    expect(ranged.map((r) => r.status)).toEqual([206, 206]);
    expect(await Promise.all(ranged.map(async (r) => (await r.arrayBuffer()).byteLength))).toEqual([3, 3]);
    // Uploads: multipart field "file", absolute paths only.
    const upload = async (base: string, path: string, at = '/api') => {
      const form = new FormData();
      form.append('file', new Blob(['uploaded\n']), 'notes.txt');
      const response = await fetch(`${base}${at}/file/upload?path=${q(path)}`, {
        method: 'POST',
        body: form,
        headers: { 'X-Session-API-Key': base === server.url ? SESSION_KEY : '' },
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const uploads = [
      await upload(server.url, `${repo}/up/notes.txt`),
      await upload(MOCK_SERVER_URL, `${mockRepo}/up/notes.txt`),
    ];
    for (const side of uploads) {
      expect(side.status).toBe(200);
      problems.push(...validate('FileUploadResult', side.body));
    }
    expect([
      (await upload(server.url, 'relative.txt')).status,
      (await upload(MOCK_SERVER_URL, 'relative.txt')).status,
    ]).toEqual([400, 400]);
    // The same routes per conversation (runtime_router.py), which Tether uses: the same answers
    // inside the conversation's working_dir, 422 outside it or for a relative path, 404 for a
    // conversation the server does not hold.
    const [realAt, mockAt] = [
      await conversationIn(server, server.url, repo),
      await conversationIn(server, MOCK_SERVER_URL, mockRepo),
    ];
    const scopedChanges = await both(
      `${realAt}/git/changes?path=${q(repo)}`,
      `${mockAt}/git/changes?path=${q(mockRepo)}`,
    );
    const globalChanges = await both(
      `/api/git/changes?path=${q(repo)}`,
      `/api/git/changes?path=${q(mockRepo)}`,
    );
    for (const [side, global] of [
      [scopedChanges.real, globalChanges.real],
      [scopedChanges.mock, globalChanges.mock],
    ] as const) {
      expect(side.status, JSON.stringify(side.body)).toBe(200);
      expect(side.body).toEqual(global.body);
    }
    expect(
      await statuses(
        `${realAt}/git/commits/${sha}/changes?path=${q(repo)}`,
        `${mockAt}/git/commits/${mockSha}/changes?path=${q(mockRepo)}`,
      ),
    ).toEqual([200, 200]);
    const scopedDiff = await both(
      `${realAt}/git/diff?path=${q(`${repo}/parser.py`)}`,
      `${mockAt}/git/diff?path=${q(`${mockRepo}/parser.py`)}`,
    );
    expect([scopedDiff.real.body, scopedDiff.mock.body]).toEqual([diff.real.body, diff.mock.body]);
    expect(
      await statuses(
        `${realAt}/file/download?path=${q(`${repo}/parser.py`)}`,
        `${mockAt}/file/download?path=${q(`${mockRepo}/parser.py`)}`,
      ),
    ).toEqual([200, 200]);
    const refusedOutside = await both(
      `${realAt}/git/changes?path=${q(outside)}`,
      `${mockAt}/git/changes?path=${q('/elsewhere')}`,
    );
    expect([refusedOutside.real, refusedOutside.mock]).toEqual([
      { status: 422, body: { detail: 'path must be inside the conversation workspace' } },
      { status: 422, body: { detail: 'path must be inside the conversation workspace' } },
    ]);
    expect(
      await statuses(
        `${realAt}/file/download?path=${q(`${repo}/../escape.txt`)}`,
        `${mockAt}/file/download?path=${q(`${mockRepo}/../escape.txt`)}`,
      ),
    ).toEqual([422, 422]);
    expect(
      await statuses(`${realAt}/file/download?path=parser.py`, `${mockAt}/file/download?path=parser.py`),
    ).toEqual([422, 422]);
    const stranger = '/api/conversations/3f1c2a4e-0000-4000-8000-0000000000ff';
    const unknown = await both(
      `${stranger}/git/changes?path=${q(repo)}`,
      `${stranger}/git/changes?path=${q(mockRepo)}`,
    );
    for (const side of [unknown.real, unknown.mock]) {
      expect(side.status).toBe(404);
      expect((side.body as { detail: string }).detail).toMatch(/^Conversation not found/);
    }
    const scopedUploads = [
      await upload(server.url, `${repo}/up/scoped.txt`, realAt),
      await upload(MOCK_SERVER_URL, `${mockRepo}/up/scoped.txt`, mockAt),
    ];
    expect(scopedUploads.map((u) => u.status)).toEqual([200, 200]);

    // A tracked path with a space, once changed, makes the whole list fail (a server bug).
    writeFileSync(join(repo, 'docs', 'with space.md'), '# Spaced\n');
    git('add', '-A');
    git('-c', 'user.name=T', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'Add a spaced name');
    const spacedSha = git('rev-parse', 'HEAD').toString().trim();
    writeFileSync(join(repo, 'docs', 'with space.md'), '# Changed\n');
    store.workspace.write(`${mockRepo}/docs/with space.md`, '# Spaced\n');
    const mockSpacedSha = store.workspace.commitAll('Add a spaced name', '2026-11-21T00:00:00+00:00').sha;
    store.workspace.write(`${mockRepo}/docs/with space.md`, '# Changed\n');
    // ... and so does the commit that added it.
    expect(
      await statuses(
        `/api/git/commits/${spacedSha}/changes?path=${q(repo)}`,
        `/api/git/commits/${mockSpacedSha}/changes?path=${q(mockRepo)}`,
      ),
    ).toEqual([400, 400]);
    const spaced = await both(`/api/git/changes?path=${q(repo)}`, `/api/git/changes?path=${q(mockRepo)}`);
    expect([spaced.real.status, spaced.mock.status]).toEqual([400, 400]);
    for (const side of [spaced.real, spaced.mock])
      expect((side.body as { detail: string }).detail).toMatch(
        /^Unexpected git diff output format: M\tdocs\/with space\.md/,
      );
  } finally {
    msw.close();
  }
  expect([...new Set(problems)]).toEqual([]);
});

test('the mock’s bash routes answer as the real server’s do: a person’s command, its output, a stop @smoke', async ({
  server,
}) => {
  const { validate } = await realSchema(server.url);
  const { msw, store } = listeningMock();
  const { ask, both } = askBoth(server);
  const folder = join(server.root, 'shell-contract');
  mkdirSync(folder, { recursive: true });
  const [realAt, mockAt] = [
    await conversationIn(server, server.url, folder),
    await conversationIn(server, MOCK_SERVER_URL, WORKSPACE_ROOT),
  ];
  const post = (body: unknown) => () => ({ method: 'POST', body: JSON.stringify(body) });
  /** The command's output once it has ended (its last piece carries the exit code). */
  const outputOf = async (base: string, at: string, commandId: string) => {
    const read = async () =>
      (await ask(base, `${at}/bash/bash_events/search?kind__eq=BashOutput&command_id__eq=${commandId}`))
        .body as { items: { exit_code: number | null }[] };
    await expect
      .poll(async () => (await read()).items.some((item) => item.exit_code !== null), {
        message: `the output of ${commandId} on ${base}`,
        timeout: 15_000,
      })
      .toBe(true);
    return (await read()) as unknown as { items: Record<string, unknown>[] };
  };

  const problems: string[] = [];
  try {
    // A command runs in the conversation's working_dir; its output comes in one piece at its end.
    const started = await both(
      `${realAt}/bash/start_bash_command`,
      `${mockAt}/bash/start_bash_command`,
      post({
        command: 'pwd; echo made by hand; echo warned >&2 || true; exit 3',
      }),
    );
    const ids: string[] = [];
    for (const [side, cwd] of [
      [started.real, folder],
      [started.mock, WORKSPACE_ROOT],
    ] as const) {
      expect(side.status, JSON.stringify(side.body)).toBe(200);
      problems.push(...validate('BashCommand', side.body));
      const body = side.body as { id: string; cwd: string; kind: string; timeout: number };
      expect(body).toMatchObject({ cwd, kind: 'BashCommand', timeout: 300 });
      expect(body.id).toMatch(/^[0-9a-f]{32}$/);
      ids.push(body.id);
    }
    const outputs = [
      await outputOf(server.url, realAt, ids[0]!),
      await outputOf(MOCK_SERVER_URL, mockAt, ids[1]!),
    ];
    for (const [page, cwd] of [
      [outputs[0]!, folder],
      [outputs[1]!, WORKSPACE_ROOT],
    ] as const) {
      problems.push(...validate('BashEventPage', page));
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        kind: 'BashOutput',
        order: 0,
        exit_code: 3,
        stdout: `${cwd}\nmade by hand\n`,
      });
    }
    // The whole history, oldest first: the command, then its output.
    const history = await both(
      `${realAt}/bash/bash_events/search?sort_order=TIMESTAMP`,
      `${mockAt}/bash/bash_events/search?sort_order=TIMESTAMP`,
    );
    for (const side of [history.real, history.mock])
      expect((side.body as { items: { kind: string }[] }).items.map((item) => item.kind)).toEqual([
        'BashCommand',
        'BashOutput',
      ]);

    // A stop: SIGTERM's -15, with what it had printed; stopping it again succeeds; an unknown id is a bare 404.
    const slow = await both(
      `${realAt}/bash/start_bash_command`,
      `${mockAt}/bash/start_bash_command`,
      post({ command: 'echo before; echo > asleep; sleep 30; echo after' }),
    );
    const slowIds = [slow.real, slow.mock].map((side) => (side.body as { id: string }).id);
    // Stopped once it has printed and gone to sleep (the file says so; the mock's shell has got
    // there before it answers).
    await expect.poll(() => existsSync(join(folder, 'asleep')), { timeout: 15_000 }).toBe(true);
    const stops = await both(
      `${realAt}/bash/bash_commands/${slowIds[0]}/stop`,
      `${mockAt}/bash/bash_commands/${slowIds[1]}/stop`,
      post({}),
    );
    expect([stops.real, stops.mock]).toEqual([
      { status: 200, body: { success: true } },
      { status: 200, body: { success: true } },
    ]);
    const stopped = [
      await outputOf(server.url, realAt, slowIds[0]!),
      await outputOf(MOCK_SERVER_URL, mockAt, slowIds[1]!),
    ];
    for (const page of stopped)
      expect(page.items.at(-1)).toMatchObject({ exit_code: -15, stdout: 'before\n' });
    const again = await both(
      `${realAt}/bash/bash_commands/${slowIds[0]}/stop`,
      `${mockAt}/bash/bash_commands/${slowIds[1]}/stop`,
      post({}),
    );
    expect([again.real.status, again.mock.status]).toEqual([200, 200]);
    const nobody = '0123456789abcdef0123456789abcdef';
    const unknownStop = await both(
      `${realAt}/bash/bash_commands/${nobody}/stop`,
      `${mockAt}/bash/bash_commands/${nobody}/stop`,
      post({}),
    );
    expect([unknownStop.real, unknownStop.mock]).toEqual([
      { status: 404, body: { detail: 'Not Found' } },
      { status: 404, body: { detail: 'Not Found' } },
    ]);

    // Run and wait: the whole output in the answer; rm removes a file, quoted as Tether quotes it.
    const oddName = "made it's.txt";
    writeFileSync(join(folder, oddName), 'x');
    store.workspace.write(`${WORKSPACE_ROOT}/${oddName}`, 'x');
    const removed = await both(
      `${realAt}/bash/execute_bash_command`,
      `${mockAt}/bash/execute_bash_command`,
      post({ command: `rm -f -- ${shellWord(oddName)} && echo gone; rm -- missing.txt` }),
    );
    for (const side of [removed.real, removed.mock]) {
      expect(side.status, JSON.stringify(side.body)).toBe(200);
      problems.push(...validate('BashOutput', side.body));
      expect(side.body).toMatchObject({ kind: 'BashOutput', exit_code: 1, stdout: 'gone\n' });
      expect((side.body as { stderr: string }).stderr).toMatch(
        /^rm: cannot remove 'missing\.txt': No such file or directory/,
      );
    }
    expect(existsSync(join(folder, oddName))).toBe(false);
    expect(store.workspace.read(`${WORKSPACE_ROOT}/${oddName}`)).toBeUndefined();

    // Refusals: a cwd outside the working_dir, no command, a conversation the server does not hold.
    const outside = await both(
      `${realAt}/bash/start_bash_command`,
      `${mockAt}/bash/start_bash_command`,
      post({ command: 'pwd', cwd: '/etc' }),
    );
    expect([outside.real, outside.mock]).toEqual([
      { status: 422, body: { detail: 'cwd must be inside the conversation workspace' } },
      { status: 422, body: { detail: 'cwd must be inside the conversation workspace' } },
    ]);
    const empty = await both(
      `${realAt}/bash/start_bash_command`,
      `${mockAt}/bash/start_bash_command`,
      post({}),
    );
    for (const side of [empty.real, empty.mock]) {
      expect(side.status).toBe(422);
      expect((side.body as { detail: { loc: string[] }[] }).detail[0]!.loc).toEqual(['body', 'command']);
    }
    const stranger = '/api/conversations/3f1c2a4e-0000-4000-8000-0000000000ff';
    const unknown = await both(
      `${stranger}/bash/start_bash_command`,
      `${stranger}/bash/start_bash_command`,
      post({ command: 'pwd' }),
    );
    for (const side of [unknown.real, unknown.mock]) {
      expect(side.status).toBe(404);
      expect((side.body as { detail: string }).detail).toMatch(/^Conversation not found/);
    }
  } finally {
    msw.close();
  }
  expect([...new Set(problems)]).toEqual([]);
});

test('the mock’s secrets routes answer as the real server’s do: add, replace, read, delete, refusals @smoke', async ({
  server,
}) => {
  const { validate } = await realSchema(server.url);
  const { msw } = listeningMock();
  const { both } = askBoth(server);
  const same = (path: string, init?: () => RequestInit) => both(path, path, init);
  const put = (body: unknown) => () => ({ method: 'PUT', body: JSON.stringify(body) });
  // The real server is the worker's: other journeys may have stored secrets of their own.
  const NAME = 'CONTRACT_TOKEN';
  const listed = (body: unknown) =>
    (body as { secrets: { name: string; description: string | null }[] }).secrets.filter(
      (secret) => secret.name === NAME,
    );
  const problems: string[] = [];
  try {
    const added = await same(
      '/api/settings/secrets',
      put({ name: NAME, value: 's3cret', description: 'For a test' }),
    );
    for (const side of [added.real, added.mock]) {
      expect(side).toEqual({ status: 200, body: { name: NAME, description: 'For a test' } });
      problems.push(...validate('SecretItemResponse', side.body));
    }
    const list = await same('/api/settings/secrets');
    for (const side of [list.real, list.mock]) {
      problems.push(...validate('SecretsListResponse', side.body));
      expect(listed(side.body)).toEqual([{ name: NAME, description: 'For a test' }]);
    }
    // The raw value, as plain text (what a conversation's start request is given).
    const value = await same(`/api/settings/secrets/${NAME}`);
    expect([value.real, value.mock]).toEqual([
      { status: 200, body: 's3cret' },
      { status: 200, body: 's3cret' },
    ]);

    // An upsert without a description clears it.
    const replaced = await same('/api/settings/secrets', put({ name: NAME, value: 'n3w' }));
    expect([replaced.real, replaced.mock]).toEqual([
      { status: 200, body: { name: NAME, description: null } },
      { status: 200, body: { name: NAME, description: null } },
    ]);
    const again = await same('/api/settings/secrets');
    for (const side of [again.real, again.mock])
      expect(listed(side.body)).toEqual([{ name: NAME, description: null }]);
    expect((await same(`/api/settings/secrets/${NAME}`)).mock.body).toBe('n3w');

    // Refusals: an empty or redacted value, a bad name, no value at all.
    for (const value of ['   ', '**********']) {
      const refused = await same('/api/settings/secrets', put({ name: NAME, value }));
      expect([refused.real, refused.mock]).toEqual([
        { status: 422, body: { detail: 'Secret value must not be empty or redacted' } },
        { status: 422, body: { detail: 'Secret value must not be empty or redacted' } },
      ]);
    }
    const badName = await same('/api/settings/secrets', put({ name: '1st-token', value: 'x' }));
    expect(badName.real).toEqual(badName.mock);
    expect(badName.real.status).toBe(422);
    expect((badName.real.body as { detail: string }).detail).toMatch(/^Invalid secret name format/);
    const badRead = await same('/api/settings/secrets/1st-token');
    expect(badRead.real).toEqual(badRead.mock);
    const noValue = await same('/api/settings/secrets', put({ name: NAME }));
    for (const side of [noValue.real, noValue.mock]) {
      expect(side.status).toBe(422);
      expect((side.body as { detail: { loc: string[] }[] }).detail.map((d) => d.loc)).toEqual([
        ['body', 'value'],
      ]);
    }

    // Deleted once; a second time, and a read of it, are "Secret not found".
    const deleted = await both(`/api/settings/secrets/${NAME}`, `/api/settings/secrets/${NAME}`, () => ({
      method: 'DELETE',
    }));
    expect([deleted.real, deleted.mock]).toEqual([
      { status: 200, body: { deleted: true } },
      { status: 200, body: { deleted: true } },
    ]);
    const gone = await both(`/api/settings/secrets/${NAME}`, `/api/settings/secrets/${NAME}`, () => ({
      method: 'DELETE',
    }));
    const unread = await same(`/api/settings/secrets/${NAME}`);
    for (const side of [gone.real, gone.mock, unread.real, unread.mock])
      expect(side).toEqual({ status: 404, body: { detail: 'Secret not found' } });
  } finally {
    msw.close();
  }
  expect([...new Set(problems)]).toEqual([]);
});

test('the mock’s MCP routes answer as the real server’s do: stored servers, sparse changes, tests @smoke', async ({
  server,
}) => {
  const { msw } = listeningMock();
  const { ask, both } = askBoth(server);
  const same = (path: string, init?: () => RequestInit) => both(path, path, init);
  const send = (method: string, body: unknown) => () => ({ method, body: JSON.stringify(body) });
  // The real server is the worker's: other journeys may have stored servers of their own.
  const NAME = 'tether_contract';
  const entry = (body: unknown) =>
    (body as { agent_settings: { mcp_config: Record<string, unknown> } }).agent_settings.mcp_config[NAME];
  const bothEntries = async (plaintext: boolean) => {
    const read = async (base: string) => {
      const headers: Record<string, string> = { 'X-Session-API-Key': base === server.url ? SESSION_KEY : '' };
      if (plaintext) headers['X-Expose-Secrets'] = 'plaintext';
      return entry(await (await fetch(`${base}/api/settings`, { headers })).json());
    };
    return [await read(server.url), await read(MOCK_SERVER_URL)];
  };
  try {
    const created = await same(
      `/api/settings/mcp/${NAME}`,
      send('POST', { transport: 'stdio', command: '/nonexistent/mcp', args: ['a'], env: { TOKEN: 'abc' } }),
    );
    expect([created.real.status, created.mock.status]).toEqual([201, 201]);
    const stored = { transport: 'stdio', command: '/nonexistent/mcp', args: ['a'], enabled: true };
    for (const side of [created.real, created.mock])
      expect(entry(side.body)).toEqual({ ...stored, env: { TOKEN: '**********' } });
    expect(await bothEntries(true)).toEqual([
      { ...stored, env: { TOKEN: 'abc' } },
      { ...stored, env: { TOKEN: 'abc' } },
    ]);
    const twice = await same(`/api/settings/mcp/${NAME}`, send('POST', { command: 'x' }));
    expect(twice.real).toEqual(twice.mock);
    expect(twice.real).toEqual({ status: 409, body: { detail: `MCP server '${NAME}' already exists` } });

    // Sparse changes: maps merge, null removes; a change that leaves no command is refused.
    const patched = await same(
      `/api/settings/mcp/${NAME}`,
      send('PATCH', { args: ['b'], env: { TOKEN: null, NEW: 'v' }, enabled: false }),
    );
    expect([patched.real.status, patched.mock.status]).toEqual([200, 200]);
    expect(await bothEntries(true)).toEqual([
      { ...stored, args: ['b'], env: { NEW: 'v' }, enabled: false },
      { ...stored, args: ['b'], env: { NEW: 'v' }, enabled: false },
    ]);
    const emptied = await same(`/api/settings/mcp/${NAME}`, send('PATCH', { command: null }));
    expect(emptied.real).toEqual(emptied.mock);
    expect(emptied.real).toEqual({ status: 422, body: { detail: 'Settings validation failed' } });
    const nobody = await same('/api/settings/mcp/nobody_here', send('PATCH', { args: [] }));
    expect(nobody.real).toEqual(nobody.mock);
    expect(nobody.real.status).toBe(404);
    const invalid = await same('/api/settings/mcp/no_command', send('POST', { transport: 'stdio' }));
    expect([invalid.real.status, invalid.mock.status]).toEqual([422, 422]);
    for (const side of [invalid.real, invalid.mock])
      expect((side.body as { detail: { msg: string }[] }).detail[0]!.msg).toBe(
        "Value error, stdio MCP servers require 'command'",
      );

    // The test route: a command that is not there, an address nobody answers, a spec without a command.
    const missing = await same(
      '/api/mcp/test',
      send('POST', { server: { type: 'stdio', command: '/nonexistent/mcp' }, timeout: 10 }),
    );
    const unreachable = await same(
      '/api/mcp/test',
      send('POST', { server: { type: 'http', url: 'http://127.0.0.1:9/mcp' }, timeout: 10 }),
    );
    expect([missing.real, missing.mock, unreachable.real, unreachable.mock]).toEqual([
      ...Array(2).fill({
        status: 200,
        body: {
          ok: false,
          error: "Client failed to connect: [Errno 2] No such file or directory: '/nonexistent/mcp'",
          error_kind: 'connection',
        },
      }),
      ...Array(2).fill({
        status: 200,
        body: {
          ok: false,
          error: 'Client failed to connect: All connection attempts failed',
          error_kind: 'connection',
        },
      }),
    ]);
    const noCommand = await same('/api/mcp/test', send('POST', { server: { type: 'stdio' } }));
    expect(noCommand.real).toEqual(noCommand.mock);
    // One that works on each: the test server of the journeys on the real one, the mock's own.
    const works = [
      await ask(
        server.url,
        '/api/mcp/test',
        send('POST', {
          server: { type: 'stdio', command: server.python, args: [MCP_TEST_TOOLS] },
          timeout: 60,
        })(),
      ),
      await ask(
        MOCK_SERVER_URL,
        '/api/mcp/test',
        send('POST', { server: { type: 'stdio', command: MOCK_MCP_COMMAND } })(),
      ),
    ];
    expect(works).toEqual([
      { status: 200, body: { ok: true, tools: ['tether_echo', 'add_numbers'] } },
      { status: 200, body: { ok: true, tools: MOCK_MCP_TOOLS } },
    ]);

    const deleted = await same(`/api/settings/mcp/${NAME}`, send('DELETE', undefined));
    expect([deleted.real.status, deleted.mock.status]).toEqual([200, 200]);
    expect(await bothEntries(false)).toEqual([undefined, undefined]);
    const again = await same(`/api/settings/mcp/${NAME}`, send('DELETE', undefined));
    expect(again.real).toEqual(again.mock);
    expect(again.real).toEqual({ status: 404, body: { detail: `MCP server '${NAME}' was not found` } });
  } finally {
    msw.close();
  }
});

test('the mock’s VS Code routes answer as a server without VS Code does @smoke', async ({ server }) => {
  const { msw } = listeningMock();
  const { both } = askBoth(server);
  try {
    // The journeys' servers run with OH_ENABLE_VSCODE=false, and so does the mock unless told.
    const status = await both('/api/vscode/status', '/api/vscode/status');
    expect(status.real).toEqual(status.mock);
    expect(status.real).toEqual({
      status: 200,
      body: { running: false, enabled: false, message: 'VSCode is disabled in configuration' },
    });
    const address = await both('/api/vscode/url?workspace_dir=/w', '/api/vscode/url?workspace_dir=/w');
    expect(address.real).toEqual(address.mock);
    expect(address.real.status).toBe(503);
  } finally {
    msw.close();
  }
});

test('the mock counts conversations as the real server does, and only for the key @smoke', async ({
  server,
}) => {
  await conversationIn(server, server.url, server.root);
  const { store, msw } = listeningMock();
  const { both } = askBoth(server);
  try {
    store.createConversation('NeverConfirm');
    const search = await both('/api/conversations/search?limit=100', '/api/conversations/search?limit=100');
    const count = await both('/api/conversations/count', '/api/conversations/count');
    const listed = (answer: { body: unknown }) => (answer.body as { items: unknown[] }).items.length;
    expect(count.real).toEqual({ status: 200, body: listed(search.real) });
    expect(count.mock).toEqual({ status: 200, body: listed(search.mock) });
    const idle = await both(
      '/api/conversations/count?status=running',
      '/api/conversations/count?status=running',
    );
    expect(idle.mock).toEqual(idle.real);
    // The health check tells a wrong key by it.
    store.sessionApiKeys = [SESSION_KEY];
    const refused = await Promise.all(
      [server.url, MOCK_SERVER_URL].map(
        async (base) => (await fetch(`${base}/api/conversations/count`)).status,
      ),
    );
    expect(refused).toEqual([401, 401]);
  } finally {
    msw.close();
  }
});

type Subscription = { open: true; socket: WebSocket } | { open: false; code: number; reason: string };

/**
 * Opens a session socket, sends the key as its first frame, and settles on the first frame
 * received (subscribed: the server's `sync`) or on the close that refused it.
 */
function subscribe(base: string, conversationId: string, key: string): Promise<Subscription> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/sockets/session/${conversationId}`);
  return new Promise((resolve) => {
    socket.addEventListener('open', () =>
      socket.send(JSON.stringify({ type: 'auth', session_api_key: key })),
    );
    socket.addEventListener('message', () => resolve({ open: true, socket }), { once: true });
    socket.addEventListener('close', ({ code, reason }) => resolve({ open: false, code, reason }), {
      once: true,
    });
  });
}

/** What each server does with a socket it refuses, and with the subscriber one too many. */
async function refusals(base: string, conversationId: string, key: string) {
  const gone = await subscribe(base, '00000000-0000-4000-8000-000000000000', key);
  const wrongKey = await subscribe(base, conversationId, `${key}-not`);
  const crowd: WebSocket[] = [];
  let oneTooMany: Subscription | undefined;
  // The server's PubSub allows 50 subscribers to one conversation (event_service.py), its own
  // among them: its event subscriber and, for a conversation started with autotitle, the title's.
  for (let i = 0; i < 60 && !oneTooMany; i++) {
    const subscription = await subscribe(base, conversationId, key);
    if (subscription.open) crowd.push(subscription.socket);
    else oneTooMany = subscription;
  }
  for (const socket of crowd) socket.close();
  const strip = (s: Subscription | undefined) => (s && !s.open ? { code: s.code, reason: s.reason } : s);
  return {
    gone: strip(gone),
    wrongKey: strip(wrongKey),
    socketsAllowed: crowd.length,
    oneTooMany: strip(oneTooMany),
  };
}

test('the mock’s socket refuses as the real server’s does: gone, a wrong key, one subscriber too many @smoke', async ({
  server,
}) => {
  test.setTimeout(120_000);
  const real = await refusals(
    server.url,
    (await conversationIn(server, server.url, server.root)).split('/').pop()!,
    SESSION_KEY,
  );
  expect(real).toEqual({
    gone: { code: 4004, reason: 'Conversation not found' },
    wrongKey: { code: 4001, reason: 'Authentication failed' },
    socketsAllowed: 48,
    oneTooMany: { code: 1013, reason: 'Too many connections for this conversation' },
  });

  const { store, msw } = listeningMock();
  try {
    const mockConversation = (await conversationIn(server, MOCK_SERVER_URL, WORKSPACE_ROOT))
      .split('/')
      .pop()!;
    store.sessionApiKeys = [SESSION_KEY];
    expect(await refusals(MOCK_SERVER_URL, mockConversation, SESSION_KEY)).toEqual(real);
  } finally {
    msw.close();
  }
});

test('the mock keeps model keys as the real server does: kept, changed, refused, deleted, named by reference @smoke', async ({
  server,
}) => {
  const { validate } = await realSchema(server.url);
  const { msw } = listeningMock();
  const { both } = askBoth(server);
  const json = (body: unknown) => () => ({ method: 'POST', body: JSON.stringify(body) });
  const send = (method: string, body?: unknown) => () => ({
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // What may differ between the two: ids and clocks.
  const shape = (answer: { status: number; body: unknown }) =>
    JSON.parse(
      JSON.stringify(answer)
        .replace(/"(id|created_at|updated_at)":("[^"]*"|\d+)/g, '"$1":"…"')
        .replace(/'[0-9a-f]{32}'/g, "'…'"),
    ) as unknown;
  try {
    const made = await both(
      '/api/llm/provider-connections',
      '/api/llm/provider-connections',
      json({ display_name: 'Tether', api_key: 'sk-contract', base_url: 'http://127.0.0.1:9/v1' }),
    );
    expect(shape(made.mock)).toEqual(shape(made.real));
    expect(made.real.status).toBe(201);
    expect(validate('ProviderConnectionResponse', made.real.body)).toEqual([]);
    expect(validate('ProviderConnectionResponse', made.mock.body)).toEqual([]);
    const ids = { real: (made.real.body as { id: string }).id, mock: (made.mock.body as { id: string }).id };
    const at = (rest = '') =>
      [
        `/api/llm/provider-connections/${ids.real}${rest}`,
        `/api/llm/provider-connections/${ids.mock}${rest}`,
      ] as const;

    for (const [what, answer] of Object.entries({
      // (Only the one made here: the real server may keep keys of journeys before this one.)
      listed: await both('/api/llm/provider-connections', '/api/llm/provider-connections').then(
        ({ real, mock }) => ({
          real: { ...real, body: (real.body as { id: string }[]).filter(({ id }) => id === ids.real) },
          mock: { ...mock, body: (mock.body as { id: string }[]).filter(({ id }) => id === ids.mock) },
        }),
      ),
      'a new key and no base URL': await both(
        ...at(),
        send('PATCH', { api_key: 'sk-rotated', base_url: null }),
      ),
      'nothing to change': await both(...at(), send('PATCH', {})),
      'a key cleared': await both(...at(), send('PATCH', { api_key: null })),
      // 1.57.0 took a redacted key and kept a connection with none (api_key_set false); the mock
      // refuses it as 1.58 does. Tether sends only what the person typed.
      ...(server.version === '1.57.0'
        ? {}
        : {
            'a redacted key': await both(
              '/api/llm/provider-connections',
              '/api/llm/provider-connections',
              json({ display_name: 'Tether', api_key: '**********' }),
            ),
          }),
      'a blank name': await both(
        '/api/llm/provider-connections',
        '/api/llm/provider-connections',
        json({ display_name: '', api_key: 'sk-x' }),
      ),
      'an unknown one changed': await both(
        '/api/llm/provider-connections/nope',
        '/api/llm/provider-connections/nope',
        send('PATCH', { api_key: 'sk-y' }),
      ),
      'an unknown one deleted': await both(
        '/api/llm/provider-connections/nope',
        '/api/llm/provider-connections/nope',
        send('DELETE'),
      ),
    }))
      expect(shape(answer.mock), what).toEqual(shape(answer.real));

    // A conversation's LLM switched to a kept key, and to one that does not exist.
    const conversations = {
      real: await conversationIn(server, server.url, server.root),
      mock: await conversationIn(server, MOCK_SERVER_URL, WORKSPACE_ROOT),
    };
    const switched = (id: 'nope' | typeof ids) => ({
      real: `${conversations.real}/switch_llm`,
      mock: `${conversations.mock}/switch_llm`,
      body: (side: 'real' | 'mock') =>
        JSON.stringify({
          llm: {
            model: 'openai/x',
            usage_id: 'agent',
            provider_connection_id: id === 'nope' ? 'nope' : id[side],
          },
        }),
    });
    const kept = switched(ids);
    const { ask } = askBoth(server);
    expect(await ask(server.url, kept.real, { method: 'POST', body: kept.body('real') })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await ask(MOCK_SERVER_URL, kept.mock, { method: 'POST', body: kept.body('mock') })).toEqual({
      status: 200,
      body: { success: true },
    });
    const info = await both(conversations.real, conversations.mock);
    for (const side of ['real', 'mock'] as const)
      expect((info[side].body as { agent: { llm: object } }).agent.llm, side).toMatchObject({
        provider_connection_id: ids[side],
        base_url: null,
        api_key: expect.not.stringContaining('sk-rotated'),
      });
    const gone = switched('nope');
    const refusals = {
      real: await ask(server.url, gone.real, { method: 'POST', body: gone.body('real') }),
      mock: await ask(MOCK_SERVER_URL, gone.mock, { method: 'POST', body: gone.body('mock') }),
    };
    expect(refusals.mock).toEqual(refusals.real);
    expect(refusals.real.status).toBe(422);

    const deleted = await both(...at(), send('DELETE'));
    expect(shape(deleted.mock)).toEqual(shape(deleted.real));
    expect(deleted.real.body).toMatchObject({ api_key_set: false });
  } finally {
    msw.close();
  }
});
