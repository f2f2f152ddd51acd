import { expect, test } from '@playwright/test';
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
  await app.setAgentTiming(10, 5000);
  await app.startConversation('Tidy the README');
  await side.open();
  await side.tab('Terminal').click();
  await expect.poll(() => side.terminalCommands()).toEqual(['$ ls -la · running…']);
  await expect.poll(() => side.terminalCommands()).toEqual(['$ ls -la']);
  await expect(side.terminal).toContainText('README.md');
  await app.expectStatus('finished');
});
