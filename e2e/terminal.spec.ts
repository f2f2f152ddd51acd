import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { WorkspacePanel } from './workspace';

// The agent's commands on the side panel's Terminal tab: in order, with their output's colours,
// what became of each, and live while the agent works.

test('the Terminal tab lists the agent’s commands in order, with colours and what became of each', async ({
  page,
}) => {
  const app = new Tether(page);
  const side = new WorkspacePanel(page);
  await app.open(`/conversations/${SEEDED.gallery}?workspace=terminal`);
  await expect(side.tab('Terminal')).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(() => side.terminalCommands())
    .toEqual([
      '$ ls',
      '$ make test · exit code 2',
      '$ rm -rf build · Rejected: Keep the build folder.',
      '$ cat missing.txt · Tool "terminal" failed: the command could not be started.',
      '$ npm run build · A restart occurred while this tool was in progress. The tool execution was interrupted and did not complete.',
      '$ sleep 600 · no result',
    ]);
  // The test run's colours, drawn from its escape sequences.
  await expect(side.terminal.getByText('FAILED', { exact: true })).toHaveClass(/ansi-red-fg/);
  await expectAccessible(page, 'the Terminal tab');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'the Terminal tab (dark)', 'colours');
});

test('the Terminal tab follows a run live', async ({ page }) => {
  const app = new Tether(page);
  const side = new WorkspacePanel(page);
  await app.open();
  // The command runs until the journey has seen it running, however long the lazy panel takes.
  await app.setAgentTiming(10, 0);
  await app.mock((server) => (server.agent.toolsHeld = true));
  await app.startConversation('Tidy the README');
  await side.open();
  await side.tab('Terminal').click();
  await expect.poll(() => side.terminalCommands()).toEqual(['$ ls -la · running…']);
  await app.mock((server) => (server.agent.toolsHeld = false));
  await expect.poll(() => side.terminalCommands()).toEqual(['$ ls -la']);
  await expect(side.terminal).toContainText('README.md');
  await app.expectStatus('finished');
});

test('your own shell runs commands in the workspace, apart from the agent’s, and stops them', async ({
  page,
}) => {
  const app = new Tether(page);
  const side = new WorkspacePanel(page);
  await app.open(`/conversations/${SEEDED.gallery}?workspace=terminal`);
  await expect(side.panel.getByText(/The agent does not see them or what they print/)).toBeVisible();
  const agentCommands = await side.terminalCommands();

  await side.runInShell('pwd && ls');
  await expect.poll(() => side.shellCommands()).toEqual(['$ pwd && ls']);
  await expect(side.shell).toContainText('/workspace');
  await expect(side.shell).toContainText('README.md');
  // A failure reads as one, with what the shell said on stderr.
  await side.runInShell('cat nope.txt');
  await expect.poll(() => side.shellCommands()).toContain('$ cat nope.txt · exit code 1');
  await expect(side.shell).toContainText('cat: nope.txt: No such file or directory');
  // A long one runs until it is stopped; what it printed comes with its end.
  await side.runInShell('echo started; sleep 600');
  await expect.poll(() => side.shellCommands()).toContain('$ echo started; sleep 600 · running…');
  await side.shell.getByRole('button', { name: 'Stop “echo started; sleep 600”' }).click();
  await expect.poll(() => side.shellCommands()).toContain('$ echo started; sleep 600 · stopped');
  await expect(side.shell).toContainText('started');
  // The agent's commands are not mixed with them.
  expect(await side.terminalCommands()).toEqual(agentCommands);
  // ↑ brings back the last command, to run again or mend.
  await side.shellField.press('ArrowUp');
  await expect(side.shellField).toHaveValue('echo started; sleep 600');
  await side.shellField.fill('');
  await expectAccessible(page, 'the Terminal tab with the person’s shell');

  // A file the person makes shows among the workspace's changes once the command ends.
  await side.runInShell('echo by hand > by-hand.txt');
  await expect.poll(() => side.shellCommands()).toContain('$ echo by hand > by-hand.txt');
  await side.tab('Changes').click();
  await expect(side.panel.getByRole('button', { name: /^Added by-hand\.txt/ })).toBeVisible();
});
