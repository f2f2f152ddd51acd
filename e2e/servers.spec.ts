import { expect, test, type Locator } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { SECOND_SEEDED, THIRD_MOCK_KEY, THIRD_SEEDED } from '../mocks/fixtures';
import { recordNotifications, setTabHidden } from './following';

// Several agent-servers in one inbox: the built-in mock and the second built-in mock, which plays
// another machine with conversations of its own.

const SECOND_URL = 'http://second-mock-agent-server.localhost';
const SECOND_ID = 'second-mock-agent-server-localhost';
const THIRD_URL = 'http://third-mock-agent-server.localhost';

async function withWorkstation(app: Tether) {
  await app.open();
  await app.addServer({ name: 'Workstation', url: SECOND_URL });
  await expect(app.serverEntry('Workstation')).toContainText('Connected (server mock)');
  await app.closeServers();
}

const titles = (app: Tether) => app.list.locator('li .conversation-title');

test('one inbox holds every server’s conversations, newest first, each named with its server', async ({
  page,
}) => {
  const app = new Tether(page);
  await withWorkstation(app);
  await expect(titles(app).nth(4)).toBeVisible();
  expect((await titles(app).allTextContents()).slice(0, 5)).toEqual([
    'Fix header parsing',
    'Review the release notes',
    'What changed recently?',
    'Build after a crash',
    'Deploy script on the workstation',
  ]);
  await expect(app.listItem(SECOND_SEEDED.review)).toContainText('Workstation');
  await expect(app.listItem(SEEDED.parser)).toContainText('Built-in mock');

  // Filtered to one server, then by title across all of them.
  await page.getByLabel('Filter conversations by server').selectOption({ label: 'Workstation' });
  await expect(titles(app)).toHaveText([
    'Review the release notes',
    'Deploy script on the workstation',
    'Flaky integration test',
  ]);
  await page.getByLabel('Filter conversations by server').selectOption({ label: 'Every server' });
  await page.getByLabel('Filter conversations by title').fill('flaky');
  await expect(titles(app)).toHaveText(['Flaky integration test']);
  await page.getByLabel('Filter conversations by title').fill('');

  // A conversation opens on its own server, in an address that names it: reload and Back find it.
  await app.listItem(SECOND_SEEDED.deploy).getByRole('link').click();
  await expect(page).toHaveURL(`/s/${SECOND_ID}/conversations/${SECOND_SEEDED.deploy}`);
  await expect(app.log).toContainText('It reads a variable that only the laptop sets.');
  await app.listItem(SEEDED.crash).getByRole('link').click();
  await expect(page).toHaveURL(`/s/mock/conversations/${SEEDED.crash}`);
  await page.goBack();
  await expect(app.heading).toHaveText('Deploy script on the workstation');
  await page.reload();
  await expect(app.log).toContainText('It reads a variable that only the laptop sets.');
  await expect(app.listItem(SECOND_SEEDED.deploy)).toHaveAttribute('class', /selected/);

  // Live on its own server: the socket goes to the workstation, and its answer comes back.
  await app.send('And on the laptop?');
  await expect(app.log).toContainText('And on the laptop?');
  await expect
    .poll(() =>
      page.evaluate(
        (id) =>
          window.__tetherSecondMock!.store.get(id)!.events.filter((e) => e.kind === 'MessageEvent').length,
        SECOND_SEEDED.deploy,
      ),
    )
    .toBeGreaterThanOrEqual(4);
  expect(
    await page.evaluate(
      (id) => window.__tetherMock!.store.received.filter((r) => r.path.includes(id)).length,
      SECOND_SEEDED.deploy,
    ),
  ).toBe(0);

  // The palette finds conversations on every server, named with theirs.
  await page.keyboard.press('Control+k');
  await page.getByLabel('Type a command or a conversation').fill('release notes');
  await expect(page.getByRole('option', { name: /Review the release notes · Workstation/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/s/${SECOND_ID}/conversations/${SECOND_SEEDED.review}`);
  await expectAccessible(page, 'inbox of two servers');
});

test('a server that stops answering costs only its own rows, greyed with the reason and a retry', async ({
  page,
}) => {
  await page.clock.install();
  const app = new Tether(page);
  await withWorkstation(app);
  await expect(app.listItem(SECOND_SEEDED.review)).toBeVisible();
  await page.evaluate(() => window.__tetherSecondMock!.setDown(true));
  // The list is read again within a minute.
  await page.clock.fastForward('01:05');
  const alert = app.list.getByRole('alert');
  await expect(alert).toContainText('Workstation: Cannot reach the agent-server');
  await expect(app.listItem(SECOND_SEEDED.review)).toHaveClass(/unavailable/);
  await expect(app.listItem(SECOND_SEEDED.review)).toContainText('Workstation cannot be reached');
  await expect(app.listItem(SEEDED.parser)).not.toHaveClass(/unavailable/);
  await expectAccessible(page, 'inbox with a server down');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'inbox with a server down (dark)', 'colours');
  await page.emulateMedia({ colorScheme: 'light' });

  // The other server works on.
  await app.listItem(SEEDED.parser).getByRole('link').click();
  await expect(app.heading).toHaveText('Fix header parsing');
  await expect(app.log.locator('[data-event-id]').first()).toBeVisible();

  await page.evaluate(() => window.__tetherSecondMock!.setDown(false));
  await alert.getByRole('button', { name: 'Try again: Workstation' }).click();
  await expect(alert).toBeHidden();
  await expect(app.listItem(SECOND_SEEDED.review)).not.toHaveClass(/unavailable/);
});

test('a server that dies while one of its conversations is open is said at once, count and rows', async ({
  page,
}) => {
  const app = new Tether(page);
  await withWorkstation(app);
  await app.listItem(SECOND_SEEDED.review).getByRole('link').click();
  await expect(app.log.locator('[data-event-id]').first()).toBeVisible();
  await expect(app.serverHealth).toHaveText(/^Connected to 2 of 2 servers/);
  // No clock is moved: the conversation's socket is cut, and that is news enough.
  await page.evaluate(() => window.__tetherSecondMock!.setDown(true));
  await expect(app.serverHealth).toContainText('Connected to 1 of 2 servers');
  await expect(app.serverHealth).toContainText('Workstation');
  await expect(app.listItem(SECOND_SEEDED.review)).toHaveClass(/unavailable/);
  await expect(app.list.getByRole('alert')).toContainText('Workstation:');
  await expect(app.listItem(SEEDED.parser)).not.toHaveClass(/unavailable/);
});

test('a link to add a server brings its form into view, even on a short phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 480 });
  const app = new Tether(page);
  await app.open(`/?add-server=${encodeURIComponent(SECOND_URL)}`);
  const form = app.serversDialog.getByRole('form', { name: 'Add server' });
  await expect(form.getByLabel('Server URL')).toHaveValue(SECOND_URL);
  // Inside the page's height, where the dialog scrolled it (the dialog is in the top layer, which
  // the viewport observer of toBeInViewport does not see into).
  const onScreen = async (target: Locator) => {
    const box = await target.boundingBox();
    return box !== null && box.y >= 0 && box.y + box.height <= 480;
  };
  await expect.poll(() => onScreen(form.getByLabel('Server URL'))).toBe(true);
});

test('a link adds a server without a key; an address on an unknown server says so', async ({ page }) => {
  const app = new Tether(page);
  await app.open(`/?add-server=${encodeURIComponent(SECOND_URL)}`);
  await expect(app.serversDialog.getByRole('form', { name: 'Add server' })).toBeVisible();
  await expect(app.serversDialog.getByLabel('Server URL')).toHaveValue(SECOND_URL);
  await expect(app.serversDialog.getByLabel('Session API key')).toHaveValue('');
  await expect(page).toHaveURL('/');
  await app.saveServerForm({ name: 'Workstation' });
  await expect(app.serverEntry('Workstation')).toContainText('Connected');
  // The same server twice would list its conversations twice: refused, with the reason.
  await app.serversDialog.getByRole('button', { name: 'Add server' }).click();
  const url = app.serversDialog.getByLabel('Server URL');
  await url.fill(`${SECOND_URL}/`);
  await app.serversDialog.getByRole('button', { name: 'Save server' }).click();
  await expect(url).toHaveJSProperty('validationMessage', 'Workstation already has this address.');
  await expect(app.serversDialog.getByRole('listitem')).toHaveCount(2);
  await app.serversDialog.getByRole('button', { name: 'Cancel' }).click();
  await app.closeServers();
  await expect(app.listItem(SECOND_SEEDED.review)).toBeVisible();

  await app.open(`/s/elsewhere/conversations/${SEEDED.parser}`);
  await expect(app.heading).toHaveText('This conversation is on a server this browser does not know');
  await expect(page.getByText('The address names the server “elsewhere”')).toBeVisible();
  await expectAccessible(page, 'unknown server');
  await page.getByRole('button', { name: 'Add a server' }).click();
  await expect(app.serversDialog.getByRole('form', { name: 'Add server' })).toBeVisible();

  // An address of the single-server days opens the conversation on the default server.
  await app.open(`/conversations/${SEEDED.crash}?workspace=changes`);
  await expect(page).toHaveURL(`/s/mock/conversations/${SEEDED.crash}?workspace=changes`);
  await expect(app.heading).toHaveText('Build after a crash');
});

test('the one server of the single-server days becomes the list’s only entry', async ({ page }) => {
  const app = new Tether(page);
  await page.goto('/');
  await page.evaluate(
    (url) =>
      localStorage.setItem(
        'tether.connection',
        JSON.stringify({ state: { serverUrl: url, sessionApiKey: 'kept-key' }, version: 1 }),
      ),
    SECOND_URL,
  );
  await app.open();
  await expect(page.getByText('Second built-in mock · Connected')).toBeVisible();
  await expect(app.listItem(SECOND_SEEDED.review)).toBeVisible();
  await expect(app.listItem(SEEDED.parser)).toBeHidden();
  await app.openServers();
  await expect(app.serversDialog.getByRole('listitem')).toHaveCount(1);
  await app.serversDialog.getByRole('button', { name: 'Edit Second built-in mock' }).click();
  await expect(app.serversDialog.getByLabel('Session API key')).toHaveValue('kept-key');
});

test('a background tab hears of every server: the tab title counts what waits, a notice names the server', async ({
  page,
}) => {
  const notices = await recordNotifications(page);
  await page.clock.install();
  const app = new Tether(page);
  await withWorkstation(app);
  await page.getByRole('button', { name: 'Notify me' }).click();
  await app.listItem(SEEDED.parser).getByRole('link').click();
  await expect(page).toHaveTitle('Finished · Fix header parsing — Tether');
  await setTabHidden(page, true);

  // On the other server, a conversation starts waiting for approval; the list hears of it.
  const setStatus = (status: string) =>
    page.evaluate(
      ([id, next]) => {
        const server = window.__tetherSecondMock!;
        const conversation = server.store.get(id!)!;
        conversation.info.execution_status = next as never;
        server.store.touch(conversation);
      },
      [SECOND_SEEDED.review, status],
    );
  await setStatus('waiting_for_confirmation');
  await page.clock.runFor(61_000);
  await expect
    .poll(notices.titles)
    .toEqual(['The agent needs your approval: Review the release notes · Workstation']);
  await expect(page).toHaveTitle('Finished · Fix header parsing · 1 more waiting — Tether');

  // Hidden, the tab keeps reading a server while one of its runs goes on, and hears the end.
  await setStatus('finished');
  await page.clock.runFor(6_000);
  await expect
    .poll(notices.titles)
    .toEqual([
      'The agent needs your approval: Review the release notes · Workstation',
      'The agent finished: Review the release notes · Workstation',
    ]);
  await expect(page).toHaveTitle('Finished · Fix header parsing — Tether');
  await notices.clickNewest();
  await expect(page).toHaveURL(`/s/${SECOND_ID}/conversations/${SECOND_SEEDED.review}`);
});

test('a new conversation starts on the server chosen, which offers its own saved folders', async ({
  page,
}) => {
  const app = new Tether(page);
  await withWorkstation(app);
  const offered = () =>
    page
      .locator('#saved-workspaces option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await expect.poll(offered).toEqual(['/workspace']);
  await page.getByLabel('Server', { exact: true }).selectOption({ label: 'Workstation' });
  await expect.poll(offered).toEqual(['/srv/deploy', '/srv/release-notes']);

  await page.getByText(/^Workspace folder:/).click();
  await page.getByLabel('Workspace folder', { exact: true }).fill('/srv/new-project');
  await page.getByLabel('What should the agent do?').fill('Set up the new project');
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${SECOND_ID}/conversations/[\\w-]+$`));
  const id = page.url().split('/').at(-1)!;
  await expect(app.listItem(id)).toContainText('Workstation');
  expect(await page.evaluate((created) => Boolean(window.__tetherMock!.store.get(created)), id)).toBe(false);
  // The server keeps the new folder for next time, and for its other clients.
  await expect
    .poll(() => page.evaluate(() => window.__tetherSecondMock!.store.savedWorkspaces.map((w) => w.path)))
    .toContain('/srv/new-project');
  // The choice of server is remembered for the next conversation.
  await page.getByRole('link', { name: 'New conversation' }).click();
  await expect(page.getByLabel('Server', { exact: true })).toHaveValue(SECOND_ID);
});

test('each server keeps its own model and key: a key never goes to another server', async ({ page }) => {
  const app = new Tether(page);
  await withWorkstation(app);
  const form = page.getByRole('form', { name: 'New conversation' });
  const start = async (server: string, task: string, llm?: { model: string; key: string }) => {
    await page.getByRole('link', { name: 'New conversation' }).click();
    await form.getByLabel('Server', { exact: true }).selectOption({ label: server });
    if (llm) {
      await form.getByText(/^Model:/).click();
      await form.getByLabel('Model', { exact: true }).fill(llm.model);
      await form.getByLabel('API key').fill(llm.key);
    }
    await form.getByLabel('What should the agent do?').fill(task);
    await form.getByRole('button', { name: 'Start conversation' }).click();
    await expect(app.composer).toBeVisible();
  };
  // Each server's kept keys, and every LLM it was sent (at the start and by a switch).
  const keysOn = (mock: '__tetherMock' | '__tetherSecondMock') =>
    page.evaluate(
      (name) => window[name]!.store.providerConnections.list().map((connection) => connection.api_key),
      mock,
    );
  const sentLlms = (mock: '__tetherMock' | '__tetherSecondMock') =>
    page.evaluate(
      (name) =>
        window[name]!.store.received.flatMap((r) =>
          r.method === 'POST' && r.path === '/api/conversations'
            ? [(r.body as { agent: { llm: object } }).agent.llm]
            : r.method === 'POST' && r.path.endsWith('/switch_llm')
              ? [(r.body as { llm: object }).llm]
              : [],
        ),
      mock,
    );
  await start('Built-in mock', 'Tidy the laptop', { model: 'openai/laptop-model', key: 'key-for-laptop' });
  await start('Workstation', 'Deploy from the workstation');
  expect(await sentLlms('__tetherSecondMock')).toEqual([
    expect.objectContaining({ model: 'openai/gpt-4o-mini' }),
  ]);
  expect(JSON.stringify(await sentLlms('__tetherSecondMock'))).not.toContain('api_key');
  await start('Workstation', 'Deploy again', { model: 'openai/station-model', key: 'key-for-station' });
  expect(await keysOn('__tetherMock')).toEqual(['key-for-laptop']);
  expect(await keysOn('__tetherSecondMock')).toEqual(['key-for-station']);
  // Each key went to its own server's store, never in a request of the other.
  expect(JSON.stringify(await sentLlms('__tetherSecondMock'))).not.toContain('key-for-laptop');
  expect(JSON.stringify(await sentLlms('__tetherMock'))).not.toContain('key-for-station');
  // Back on the first server, its own settings again; the key is the server's, not shown.
  await page.getByRole('link', { name: 'New conversation' }).click();
  await form.getByLabel('Server', { exact: true }).selectOption({ label: 'Built-in mock' });
  await expect(form.getByText(/^Model:/)).toHaveText('Model: openai/laptop-model');
  await form.getByText(/^Model:/).click();
  await expect(form.getByLabel('API key')).toHaveValue('');
  await expect(form.getByLabel('API key')).toHaveAttribute('placeholder', /^Kept on the server/);
  expect(await page.evaluate(() => localStorage.getItem('tether.llm'))).not.toMatch(
    /key-for-(laptop|station)/,
  );
});

test('the model key is kept on the server: this browser holds only a reference, which starts the agent', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  const form = page.getByRole('form', { name: 'New conversation' });
  await form.getByText(/^Model:/).click();
  // Where the key goes is the person's choice, said plainly; the server is the first.
  await expect(form.getByRole('radio', { name: 'On the agent-server' })).toBeChecked();
  await expect(form.getByLabel('API key')).toHaveAccessibleDescription(/^Kept by the agent-server/);
  await form.getByLabel('API key').fill('sk-kept-by-the-server');
  await form.getByLabel('What should the agent do?').fill('Say hello');
  await form.getByRole('button', { name: 'Start conversation' }).click();
  await expect(app.composer).toBeVisible();
  await expect(page.getByRole('log').getByText('Say hello', { exact: true })).toBeVisible();
  await expect(page.locator('.conversation-header [data-status]')).toHaveAttribute(
    'data-status',
    'finished',
    {
      timeout: 20_000,
    },
  );
  const onServer = () =>
    page.evaluate(() => {
      const store = window.__tetherMock!.store;
      const id = location.pathname.split('/').at(-1)!;
      return {
        keys: store.providerConnections.list().map((c) => ({ id: c.id, key: c.api_key })),
        llm: (store.get(id)?.info.agent as { llm: { provider_connection_id?: string } } | undefined)?.llm,
        sent: JSON.stringify(store.received.filter((r) => r.method === 'POST').map((r) => r.body)),
      };
    });
  const first = await onServer();
  expect(first.keys).toEqual([{ id: expect.any(String), key: 'sk-kept-by-the-server' }]);
  // The conversation runs on the kept key, named by reference: no conversation request carries it.
  expect(first.llm?.provider_connection_id).toBe(first.keys[0]!.id);
  expect(first.sent).not.toContain('sk-kept-by-the-server');
  const kept = await page.evaluate(() => ({
    local: localStorage.getItem('tether.llm'),
    session: sessionStorage.getItem('tether.llm-session-keys'),
  }));
  expect(JSON.stringify(kept)).not.toContain('sk-kept-by-the-server');
  expect(kept.local).toContain(first.keys[0]!.id);

  // After a reload, a second conversation starts on the same kept key without typing it.
  await page.reload();
  await page.getByRole('link', { name: 'New conversation' }).click();
  await form.getByText(/^Model:/).click();
  await expect(form.getByLabel('API key')).toHaveValue('');
  await expectAccessible(page, 'the model’s key kept on the server');
  await form.getByLabel('What should the agent do?').fill('Say hello again');
  await form.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page.getByRole('log').getByText('Say hello again', { exact: true })).toBeVisible();
  expect((await onServer()).llm?.provider_connection_id).toBe(first.keys[0]!.id);

  // A key the server lost is said to be gone; no half-made conversation is left behind.
  const conversations = () => page.evaluate(() => window.__tetherMock!.store.conversations.size);
  const before = await conversations();
  await page.evaluate(() => {
    const store = window.__tetherMock!.store;
    for (const connection of store.providerConnections.list())
      store.providerConnections.delete(connection.id);
  });
  await page.getByRole('link', { name: 'New conversation' }).click();
  await form.getByLabel('What should the agent do?').fill('Say hello once more');
  await form.getByRole('button', { name: 'Start conversation' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'The key this server kept is gone. Type it again to start.',
  );
  expect(await conversations()).toBe(before);

  // Typed again, it is kept again.
  await form.getByText(/^Model:/).click();
  await form.getByLabel('API key').fill('sk-typed-again');
  await form.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page.getByRole('log').getByText('Say hello once more', { exact: true })).toBeVisible();
  expect((await onServer()).keys).toEqual([{ id: expect.any(String), key: 'sk-typed-again' }]);

  // Kept in this browser from now on: Tether deletes the key it had the server keep.
  await page.getByRole('link', { name: 'New conversation' }).click();
  await form.getByText(/^Model:/).click();
  await form.getByLabel('API key').fill('sk-now-in-the-browser');
  await form.getByRole('radio', { name: 'In this browser', exact: true }).check();
  await expect(form.getByLabel('API key')).toHaveAccessibleDescription(
    /^Kept in this browser’s local storage/,
  );
  await form.getByLabel('What should the agent do?').fill('Say hello from the browser’s key');
  await form.getByRole('button', { name: 'Start conversation' }).click();
  await expect(
    page.getByRole('log').getByText('Say hello from the browser’s key', { exact: true }),
  ).toBeVisible();
  expect((await onServer()).keys).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('tether.llm'))).toContain('sk-now-in-the-browser');
});

test('a model key kept for this session only is sent, and never written to local storage', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  const form = page.getByRole('form', { name: 'New conversation' });
  await form.getByText(/^Model:/).click();
  await form.getByLabel('API key').fill('key-for-this-session-only');
  await form.getByRole('radio', { name: 'In this browser until it closes' }).check();
  await expect(form.getByLabel('API key')).toHaveAccessibleDescription(
    /^Kept only until this browser session ends/,
  );
  await expectAccessible(page, 'the model’s key kept for the session');
  await form.getByLabel('What should the agent do?').fill('Say hello');
  await form.getByRole('button', { name: 'Start conversation' }).click();
  await expect(app.composer).toBeVisible();
  const sent = await page.evaluate(
    () =>
      (
        window.__tetherMock!.store.received.findLast(
          (r) => r.method === 'POST' && r.path === '/api/conversations',
        )!.body as { agent: { llm: { api_key?: string } } }
      ).agent.llm.api_key,
  );
  expect(sent).toBe('key-for-this-session-only');
  expect(await page.evaluate(() => localStorage.getItem('tether.llm'))).not.toContain(
    'key-for-this-session-only',
  );
  // The same session still has it, after a reload.
  await page.reload();
  await page.getByRole('link', { name: 'New conversation' }).click();
  await form.getByText(/^Model:/).click();
  await expect(form.getByLabel('API key')).toHaveValue('key-for-this-session-only');
  await expect(form.getByRole('radio', { name: 'In this browser until it closes' })).toBeChecked();
});

test('three servers, one refusing the key: it says so in its place, the others work on', async ({ page }) => {
  const app = new Tether(page);
  await withWorkstation(app);
  await app.addServer({ name: 'Lab', url: THIRD_URL });
  await expect(app.serverEntry('Lab')).toContainText('Wrong session API key: the server answered 401');
  await app.closeServers();
  const alert = app.list.getByRole('alert');
  await expect(alert).toContainText('Lab: The agent-server rejected the session API key.');
  await expect(page.getByRole('banner').getByRole('status').first()).toHaveText(
    'Connected to 2 of 3 servers · Lab: wrong key',
  );
  await expect(app.listItem(SECOND_SEEDED.review)).toBeVisible();
  await expect(app.listItem(SEEDED.parser)).toBeVisible();
  await expectAccessible(page, 'inbox of three servers, one refusing the key');

  await app.editServer('Lab', { key: THIRD_MOCK_KEY });
  await expect(app.serverEntry('Lab')).toContainText('Connected (server mock)');
  await app.closeServers();
  await expect(alert).toBeHidden();
  await expect(app.listItem(THIRD_SEEDED.migration)).toContainText('Lab');
  await expect(page.getByRole('banner').getByRole('status').first()).toHaveText(
    'Connected to 3 of 3 servers',
  );
});
