import { readFileSync } from 'node:fs';
import { serverIdFor } from '../../src/agent-server/servers';
import { SEEDED, Tether } from '../app';
import { AgentServer } from './agentServer';
import {
  agentServerPython,
  attachEvidence,
  connect,
  expect,
  expectRowsMatch,
  Gate,
  REAL_SERVER_NAME,
  SESSION_KEY,
  startConversation,
  test,
} from './fixtures';
import { ScriptedLlm } from './scriptedLlm';

// Several servers in one inbox, one of them real: the built-in mock stays beside it.

test('the real server and the built-in mock in one inbox, each conversation live on its own server', async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([{ text: 'Hello from the real server.' }]);
  const app = new Tether(page);
  await connect(page, server, SESSION_KEY, { keepMock: true });
  await expect(page.getByRole('banner').getByRole('status').first()).toHaveText(
    'Connected to 2 of 2 servers',
    {
      timeout: 30_000,
    },
  );
  await page.getByLabel('Server', { exact: true }).selectOption({ label: REAL_SERVER_NAME });
  const id = await startConversation(page, llm, 'Say hello');
  const realId = serverIdFor(server.url, ['mock']);
  await expect(page).toHaveURL(`/s/${realId}/conversations/${id}`);
  await expect(app.log.getByText('Hello from the real server.')).toBeVisible({ timeout: 30_000 });
  await expectRowsMatch(page, server, id);

  // Both servers' conversations in the one list, each named with its server. The mock's are of
  // November: on a server that earlier journeys filled, they come after its first page.
  await expect(app.listItem(id)).toContainText(REAL_SERVER_NAME);
  await app.loadListUntil(SEEDED.parser);
  await expect(app.listItem(SEEDED.parser)).toContainText('Built-in mock');

  // Over to the mock and back: the real conversation's rows again, none missing, none twice.
  await app.listItem(SEEDED.parser).getByRole('link').click();
  await expect(app.heading).toHaveText('Fix header parsing');
  await page.goBack();
  await expect(app.log.getByText('Hello from the real server.')).toBeVisible();
  await expectRowsMatch(page, server, id);
  await page.reload();
  await expect(app.log.getByText('Hello from the real server.')).toBeVisible();
  await expectRowsMatch(page, server, id);
});

test('two real servers of different versions at once: both live, one dies and comes back', async ({
  page,
  server,
  llm,
}, testInfo) => {
  // Two servers start (one twice) and two runs go on at once: under load on a 2-core machine this
  // took 84 s where it takes 47 s alone.
  test.setTimeout(300_000);
  // The other pinned version, on its own port, with its own key and its own scripted LLM.
  const versions: string[] = JSON.parse(readFileSync('package.json', 'utf8')).config.agentServerVersions;
  const otherVersion = versions.find((version) => version !== server.version)!;
  const other = new AgentServer(agentServerPython(otherVersion), otherVersion, 'tether-e2e-other-key');
  const otherLlm = new ScriptedLlm();
  const OTHER = `Agent-server ${otherVersion}`;
  try {
    await test.step('start the other server', () => Promise.all([other.start(), otherLlm.start()]));
    const [here, there] = [new Gate(), new Gate()];
    const gatedRun = (gate: Gate, words: string) => [
      {
        text: 'Starting.',
        toolCalls: [
          { name: 'terminal', arguments: { command: gate.command(`echo ${words}`), summary: words } },
        ],
      },
      { text: `Done: ${words}.` },
    ];
    otherLlm.setScript(gatedRun(there, 'built on the older server'));
    llm.setScript([
      ...gatedRun(here, 'built on the newer server'),
      { text: 'Still here after the other fell.' },
    ]);
    const app = new Tether(page);
    await connect(page, server);
    await app.addServer({ name: OTHER, url: other.url, key: other.key });
    await expect(app.serverEntry(OTHER)).toContainText(`Connected (server ${otherVersion})`);
    await app.closeServers();

    // A run on each server, live at the same time.
    await page.getByLabel('Server', { exact: true }).selectOption({ label: OTHER });
    const otherId = await startConversation(page, otherLlm, 'Build on the older server');
    await expect(page).toHaveURL(`/s/${serverIdFor(other.url, [])}/conversations/${otherId}`);
    await page.getByRole('link', { name: 'New conversation' }).click();
    await page.getByLabel('Server', { exact: true }).selectOption({ label: REAL_SERVER_NAME });
    const id = await startConversation(page, llm, 'Build on the newer server');
    await expect(app.listStatus(id)).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
    await expect(app.listStatus(otherId)).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
    await expect(app.listItem(otherId)).toContainText(OTHER);
    await expect(app.listItem(id)).toContainText(REAL_SERVER_NAME);

    // The older one dies mid-run: its row stays, greyed, with the reason and a retry.
    await other.kill();
    const alert = app.list.getByRole('alert');
    await expect(alert).toContainText(`${OTHER}: Cannot reach the agent-server`, { timeout: 30_000 });
    await expect(app.listItem(otherId)).toHaveClass(/unavailable/);
    await expect(app.listItem(otherId)).toContainText(`${OTHER} cannot be reached`);
    await expect(app.listItem(id)).not.toHaveClass(/unavailable/);

    // The newer one works on: its run ends, and it answers a new message.
    here.open();
    await expect(app.log.getByText('Done: built on the newer server.')).toBeVisible({ timeout: 30_000 });
    await app.send('Are you still there?');
    await expect(app.log.getByText('Still here after the other fell.')).toBeVisible({ timeout: 30_000 });
    await expectRowsMatch(page, server, id);

    // Back again: a retry restores its rows, and its conversation opens with every event it kept.
    there.open();
    await test.step('start the other server again', () => other.start());
    // The inbox reads a failed server again by itself (5 s, 10 s, 20 s …), and it may find it back
    // first; a person who still sees it down presses Try again. (Named as the button is: a name
    // that matched no button left the journey waiting for the next read, 40 s away on a slow run.)
    const retry = alert.getByRole('button', { name: `Try again: ${OTHER}` });
    await expect(async () => {
      if (await retry.isVisible()) await retry.click({ timeout: 2_000 });
      await expect(alert).toBeHidden({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(app.listItem(otherId)).not.toHaveClass(/unavailable/);
    await app.listItem(otherId).getByRole('link').click();
    await expect(app.heading).toBeVisible();
    await expectRowsMatch(page, other, otherId);
  } catch (error) {
    await attachEvidence(testInfo, other, otherLlm);
    throw error;
  } finally {
    await Promise.all([other.stop(), otherLlm.stop()]);
  }
});
