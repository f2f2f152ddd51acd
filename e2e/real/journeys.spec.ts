import { freePort } from './agentServer';
import { Tether } from '../app';
import {
  connect,
  openConnected,
  expect,
  expectRowsMatch,
  Gate,
  REAL_SERVER_NAME,
  startConversation,
  test,
} from './fixtures';

// Journeys through the UI against the real OpenHands agent-server, whose LLM is scripted.

test('configure server and LLM, then watch a run: reasoning and text stream, a command, a file edit, the answer @smoke', async ({
  page,
  server,
  llm,
}, testInfo) => {
  const folderShown = new Gate();
  llm.setScript([
    {
      // Slow and long enough that the socket is attached before the stream ends, even on a cold server.
      reasoning:
        'The user wants a greeting file. I will check where I am first, then write the file, then say what I did, step by step and without hurrying at all.',
      text: 'Let me see where I am.',
      tokenMs: 200,
      toolCalls: [
        {
          name: 'terminal',
          arguments: { command: folderShown.command('pwd'), summary: 'Show the working folder' },
        },
      ],
    },
    {
      text: 'Now I write the file.',
      toolCalls: [
        {
          name: 'file_editor',
          arguments: {
            command: 'create',
            path: `${server.workspace}/GREETING.md`,
            file_text: 'Hello from Tether\n',
          },
        },
      ],
    },
    { text: 'I created **GREETING.md** with a greeting.', tokenMs: 40 },
  ]);
  await connect(page, server);
  // The header's word: the Servers dialog's entry says it too, and a dialog just closed (hidden)
  // can still be in the page for a moment, which made the words match twice on a loaded machine.
  await expect(new Tether(page).serverHealth).toContainText(`Connected (server ${server.version})`, {
    timeout: 30_000,
  });
  const id = await startConversation(page, llm, 'Create a greeting file');
  await expect(page.locator('.streaming')).toContainText(/\w+ \w+/, { timeout: 30_000 });
  const terminal = page.locator('[data-tool-call-id]').filter({ hasText: 'Show the working folder' });
  await expect(terminal).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('running.png') });
  folderShown.open();
  // Both steps done, they fold into one line (a running step never does); the reader opens it.
  await page
    .getByRole('log')
    .getByRole('button', { name: 'Ran 1 command · created 1 file (2 steps)' })
    .click({ timeout: 30_000 });
  await expect(terminal).toHaveAttribute('data-state', 'done');
  await expect(terminal).toContainText('exit code 0');
  const edit = page.locator('[data-tool-call-id]').filter({ hasText: 'GREETING.md' });
  await expect(edit).toHaveAttribute('data-state', 'done');
  await expect(edit.getByRole('cell', { name: 'added: Hello from Tether' })).toBeVisible();
  await expect(page.getByRole('log').getByText('I created GREETING.md with a greeting.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('.conversation-header [data-status]')).toHaveAttribute('data-status', 'finished');
  await expect(page.locator('.streaming')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('answered.png'), fullPage: true });
  await expectRowsMatch(page, server, id);
  // The key reached the model from the server's keeping: this browser holds only a reference.
  const created = llm.requests.find((r) => Array.isArray(r.body.tools));
  expect(created?.authorization).toBe('Bearer sk-scripted');
  const connections = await server.api<{ id: string; api_key_set: boolean }[]>(
    '/api/llm/provider-connections',
  );
  const kept = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(kept).not.toContain('sk-scripted');
  const referenced = connections.filter((connection) => kept.includes(connection.id));
  expect(referenced).toEqual([expect.objectContaining({ display_name: 'Tether', api_key_set: true })]);
});

const status = (page: import('@playwright/test').Page) => page.locator('.conversation-header [data-status]');
const card = (page: import('@playwright/test').Page, text: string | RegExp) =>
  page.locator('[data-tool-call-id]').filter({ hasText: text });

test('a message sent while the agent runs is delivered and answered (seed 000) @smoke', async ({
  page,
  server,
  llm,
}, testInfo) => {
  const slowStep = new Gate();
  llm.setScript([
    {
      text: 'Working on it.',
      toolCalls: [
        {
          name: 'terminal',
          arguments: { command: slowStep.command('echo slow done'), summary: 'A slow step' },
        },
      ],
    },
    { text: 'Both done: the slow step and your extra request, goodbye!' },
  ]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Run the slow step');
  await expect(card(page, 'A slow step')).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
  await page.getByLabel('Message to the agent').fill('Also say goodbye');
  await page.getByLabel('Message to the agent').press('Enter');
  // The server takes the message only between steps: until the step ends it is queued, in words.
  await expect(
    page
      .getByRole('region', { name: 'Transcript' })
      .getByText('Queued: the agent reads it after its current step'),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sent-mid-run.png') });
  slowStep.open();
  await expect(
    page.getByRole('log').locator('.from-user').filter({ hasText: 'Also say goodbye' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('log').getByText('your extra request, goodbye!')).toBeVisible({
    timeout: 30_000,
  });
  // The agent read the message: in its next LLM call, or, when the message landed while that
  // call was out (the server lets go of the conversation's lock for it), in one more call the
  // server makes for it (1.57.0: "User message arrived during step; continuing run").
  await expect
    .poll(
      () =>
        llm.requests.some((request) =>
          JSON.stringify(request.body.messages ?? []).includes('Also say goodbye'),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(status(page)).toHaveAttribute('data-status', 'finished');
  await expectRowsMatch(page, server, id);
});

test('a message that lands while the model writes its last answer is answered, not left unread', async ({
  page,
  server,
  llm,
}, testInfo) => {
  // The race of docs/agent-server-notes.md: the message is persisted while the run's last model
  // call is out. The server may read it in one more call; if the run ends without it, Tether asks
  // the agent to answer it. Either way the person's message gets its answer.
  let sendAnswer!: () => void;
  const messageKept = new Promise<void>((resolve) => (sendAnswer = resolve));
  llm.setScript([
    { text: 'Here is the summary you asked for.', heldUntil: messageKept },
    { text: 'And the changelog entry is written too.' },
  ]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Summarize the project');
  const agentCalls = () => llm.requests.filter((r) => Array.isArray(r.body.tools) && r.body.tools.length > 0);
  await expect.poll(() => agentCalls().length, { timeout: 30_000 }).toBe(1);
  await page.getByLabel('Message to the agent').fill('Also add a changelog entry');
  await page.getByLabel('Message to the agent').press('Enter');
  const late = page.getByRole('log').locator('.from-user').filter({ hasText: 'Also add a changelog entry' });
  await expect(late).toBeVisible({ timeout: 30_000 });
  sendAnswer();
  await expect(page.getByRole('log').getByText('And the changelog entry is written too.')).toBeVisible({
    timeout: 30_000,
  });
  expect(
    agentCalls().some((request) =>
      JSON.stringify(request.body.messages ?? []).includes('Also add a changelog entry'),
    ),
  ).toBe(true);
  await expect(status(page)).toHaveAttribute('data-status', 'finished');
  await expect(page.getByRole('button', { name: 'Ask the agent to answer it' })).toHaveCount(0);
  await expect(late).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('answered.png') });
  await expectRowsMatch(page, server, id);
});

test('Stop during a slow stream: paused within 2 s, no further text; Continue goes on (seed 001)', async ({
  page,
  server,
  llm,
}, testInfo) => {
  llm.setScript([
    {
      hang: true,
      text: 'I am thinking very slowly about this problem and it will take a long while',
      tokenMs: 250,
    },
    { text: 'Resumed and finished.' },
  ]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Think slowly');
  await expect(page.locator('.streaming')).toContainText(/\w+ \w+/, { timeout: 30_000 });
  const stoppedAt = Date.now();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(status(page)).toHaveText(/Stopping…|Paused/);
  await expect(status(page)).toHaveAttribute('data-status', 'paused', { timeout: 2000 });
  expect(Date.now() - stoppedAt).toBeLessThan(2500);
  await expect(page.locator('.streaming')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('stopped.png') });
  // The server closed its call to the model: no further word can come, so none may show.
  await expect.poll(() => llm.openStreams, { timeout: 10_000 }).toBe(0);
  await expect(page.locator('.streaming')).toHaveCount(0);
  await expect(page.getByRole('log').getByText('a long while')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('log').getByText('Resumed and finished.')).toBeVisible({ timeout: 30_000 });
  await expectRowsMatch(page, server, id);
});

test('Stop while a tool runs: the call in flight shows interrupted, nothing spins @smoke', async ({
  page,
  server,
  llm,
}, testInfo) => {
  // Behind a gate the test never opens itself: it ends with the test, not 30 s into the next one.
  const slowStep = new Gate();
  llm.setScript([
    {
      text: 'This takes a while.',
      toolCalls: [
        {
          name: 'terminal',
          arguments: { command: slowStep.command('echo done'), summary: 'A very slow step' },
        },
      ],
    },
    { text: 'Carrying on after the stop.' },
  ]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Start something slow');
  const slow = card(page, 'A very slow step');
  await expect(slow).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
  // Esc is Stop from the transcript (in the message box it only leaves the field).
  await page.locator('.chat-scroll').focus();
  await page.keyboard.press('Escape');
  await expect(status(page)).toHaveAttribute('data-status', 'paused', { timeout: 5000 });
  await expect(slow).toHaveAttribute('data-state', 'interrupted');
  await expect(page.locator('.spinner')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('tool-interrupted.png') });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('log').getByText('Carrying on after the stop.')).toBeVisible({
    timeout: 30_000,
  });
  await expectRowsMatch(page, server, id);
});

test('reload mid-run, then cut the socket mid-run: no event missing, none twice @smoke', async ({
  page,
  server,
  llm,
}, testInfo) => {
  // Each step waits for the test: a fixed sleep was once over before a loaded CI machine drew it.
  const [stepOne, stepTwo] = [new Gate(), new Gate()];
  llm.setScript([
    {
      text: 'Step one.',
      toolCalls: [
        { name: 'terminal', arguments: { command: stepOne.command('echo one'), summary: 'First slow step' } },
      ],
    },
    {
      text: 'Step two.',
      toolCalls: [
        {
          name: 'terminal',
          arguments: { command: stepTwo.command('echo two'), summary: 'Second slow step' },
        },
      ],
    },
    { text: 'All steps done.' },
  ]);
  const sockets: import('@playwright/test').WebSocketRoute[] = [];
  await page.routeWebSocket(/\/sockets\/(events|session)\//, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Two slow steps');
  await expect(card(page, 'First slow step')).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
  await page.reload();
  // 1.57.0 under load once left the reloaded page's history read and session socket unanswered
  // for over 9 s while the step ran (the info was answered in 0.1 s): the server's wait, so
  // allowed for here; the rows must then be right.
  await expect(card(page, 'First slow step')).toBeVisible({ timeout: 30_000 });
  await expect(card(page, 'First slow step')).toHaveAttribute('data-state', 'running');
  await page.screenshot({ path: testInfo.outputPath('after-reload.png') });
  stepOne.open();
  await expect(card(page, 'Second slow step')).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
  // Cut the live socket while the second step runs; the app reconnects and fills the gap.
  // The step finishes while the socket is down, so its outcome has to come through the gap-fill.
  const before = sockets.length;
  stepTwo.open();
  await sockets.at(-1)!.close({ code: 1011, reason: 'cut by the test' });
  await expect(page.locator('[data-connection="open"]')).toBeVisible({ timeout: 15_000 });
  expect(sockets.length).toBeGreaterThan(before);
  await expect(page.getByRole('log').getByText('All steps done.')).toBeVisible({ timeout: 30_000 });
  await expectRowsMatch(page, server, id);
});

test('a wrong session key is explained, with no reconnect storm; an LLM 401 shows the server’s error', async ({
  page,
  server,
  llm,
}, testInfo) => {
  llm.setScript([{ error: 401, message: 'Incorrect API key provided: sk-scr***' }]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'This will fail');
  const error = page.getByRole('log').getByRole('alert');
  await expect(error).toContainText('The conversation stopped with an error', { timeout: 30_000 });
  await expect(status(page)).toHaveAttribute('data-status', 'error');
  await page.screenshot({ path: testInfo.outputPath('llm-401.png') });

  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const app = new Tether(page);
  await app.editServer(REAL_SERVER_NAME, { key: 'not-the-key' });
  await expect(app.serverEntry(REAL_SERVER_NAME)).toContainText(
    'Wrong session API key: the server answered 401',
    { timeout: 15_000 },
  );
  await app.closeServers();
  // The page's clock is the test's: a minute passes at once, with every retry it would schedule.
  await page.clock.install();
  await page.goto(`/conversations/${id}`);
  await expect(page.locator('[data-connection="key-rejected"]')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: testInfo.outputPath('wrong-key.png') });
  const attempts = sockets.length;
  await page.clock.runFor(60_000);
  await expect(page.locator('[data-connection="key-rejected"]')).toBeVisible();
  expect(sockets.length).toBe(attempts);
  expect(sockets.every((url) => !url.includes('not-the-key'))).toBe(true);
});

test('a hard kill of the server mid-tool: the UI recovers without a reload, shows the cut-off calls, and goes on @smoke', async ({
  page,
  server,
  llm,
}, testInfo) => {
  test.setTimeout(240_000);
  // Never opened: the kill cuts both steps off while they wait.
  const never = new Gate();
  llm.setScript([
    {
      text: 'Two slow things at once.',
      toolCalls: [
        {
          name: 'terminal',
          arguments: { command: never.command('echo first'), summary: 'First parallel step' },
        },
        {
          name: 'terminal',
          arguments: { command: never.command('echo second'), summary: 'Second parallel step' },
        },
      ],
    },
    { text: 'Recovered after the restart.' },
  ]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Do two slow things');
  const first = card(page, 'First parallel step');
  const second = card(page, 'Second parallel step');
  await expect(first).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
  await expect(second).toHaveAttribute('data-state', 'running');

  await server.kill();
  await expect(page.locator('[data-connection="reconnecting"], [data-connection="connecting"]')).toBeVisible({
    timeout: 15_000,
  });
  await server.start();

  // No reload: the socket comes back by itself and the server's truth replaces the spinners.
  await expect(status(page)).toHaveAttribute('data-status', 'error', { timeout: 60_000 });
  await expect(page.locator('[data-connection="open"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-state="running"]')).toHaveCount(0);
  await expect(page.locator('.spinner')).toHaveCount(0);
  const cutOff = page.locator('[data-tool-call-id]').filter({ hasText: 'Interrupted by a server restart' });
  await expect(cutOff).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('after-restart.png') });

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('log').getByText('Recovered after the restart.')).toBeVisible({
    timeout: 60_000,
  });
  // Whatever the server produced for calls already on screen landed in their cards.
  await expect(page.locator('[data-state="running"]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('continued.png'), fullPage: true });
  await expectRowsMatch(page, server, id);
});

test('a model that cannot be reached: the screen says what the agent waits for at once, and Stop works', async ({
  page,
  server,
  llm,
}) => {
  // Nothing listens on this port: every LLM call fails to connect, and litellm retries.
  const deadPort = await freePort();
  llm.setScript([]);
  await openConnected(page, server);
  await page.getByText(/^Model:/).click();
  await page.getByLabel('Model', { exact: true }).fill('openai/unreachable-model');
  await page.getByLabel('Base URL').fill(`http://127.0.0.1:${deadPort}/v1`);
  await page.getByLabel('API key').fill('sk-none');
  await page.getByLabel('What should the agent do?').fill('Answer if you can');
  await page.getByRole('button', { name: 'Start conversation' }).click();
  // The server runs on this machine: the check before starting finds nothing at that address.
  const form = page.getByRole('form', { name: 'New conversation' });
  await expect(form.getByRole('alert')).toContainText(`Nothing answers at http://127.0.0.1:${deadPort}/v1.`);
  await form.getByRole('button', { name: 'Start anyway' }).click();
  await expect(status(page)).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  await expect(
    page.locator('.model-wait').filter({ hasText: 'Waiting for the model (openai/unreachable-model)' }),
  ).toBeVisible({ timeout: 5_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(status(page)).not.toHaveAttribute('data-status', 'running', { timeout: 15_000 });
  await expect(page.getByText(/Waiting for the model/)).toHaveCount(0);
});
