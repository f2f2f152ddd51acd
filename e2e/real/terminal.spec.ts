import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tether } from '../app';
import { WorkspacePanel } from '../workspace';
import { openConnected, expect, startConversation, test } from './fixtures';

// The person's own shell against the real agent-server: a command typed on the Terminal tab runs
// in the conversation's folder through the bash routes, its output comes back, a long one stops,
// the history stays with the conversation, and the agent is never told.

test('your command runs in the conversation’s folder, its output comes back, and the agent never sees it @smoke', async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([{ text: 'Ready when you are.' }, { text: 'I only know what you tell me here.' }]);
  const app = new Tether(page);
  const side = new WorkspacePanel(page);
  await openConnected(page, server);
  // An absolute folder: the shell goes through the conversation's own routes, which keep its history.
  const id = await startConversation(page, llm, 'Wait for me', { workspaceFolder: server.workspace });
  await expect(app.log.getByText('Ready when you are.')).toBeVisible({ timeout: 30_000 });
  const { workspace } = await server.api<{ workspace: { working_dir: string } }>(`/api/conversations/${id}`);
  const folder = workspace.working_dir;
  expect(folder).toBe(server.workspace);

  await side.open();
  await side.tab('Terminal').click();
  await side.runInShell('echo made by hand > by-hand.txt && cat by-hand.txt && pwd');
  await expect
    .poll(() => side.shellCommands(), { timeout: 30_000 })
    .toEqual(['$ echo made by hand > by-hand.txt && cat by-hand.txt && pwd']);
  await expect(side.shell).toContainText('made by hand');
  await expect(side.shell).toContainText(folder);
  expect(readFileSync(join(folder, 'by-hand.txt'), 'utf8')).toBe('made by hand\n');

  // A long command runs until the person stops it: SIGTERM, and what it had printed.
  await side.runInShell('echo started; sleep 120; echo never');
  await expect.poll(() => side.shellCommands()).toContain('$ echo started; sleep 120; echo never · running…');
  await side.shell.getByRole('button', { name: 'Stop “echo started; sleep 120; echo never”' }).click();
  await expect
    .poll(() => side.shellCommands(), { timeout: 15_000 })
    .toContain('$ echo started; sleep 120; echo never · stopped');
  // What it printed before the stop, and nothing after.
  await expect(side.shell.locator('.terminal-entry').nth(1).locator('pre')).toHaveText('started');

  // The agent's own commands stay apart: it ran none.
  await expect(side.panel.getByText('The agent has not run a command in this conversation.')).toBeVisible();
  // The history is the server's, kept with the conversation: a reload shows it again.
  await page.reload();
  await expect.poll(() => side.shellCommands(), { timeout: 15_000 }).toHaveLength(2);

  // The agent is not told: its next request carries nothing the person ran or saw.
  await app.send('Did you see my command?');
  await expect(app.log.getByText('I only know what you tell me here.')).toBeVisible({ timeout: 30_000 });
  const asked = JSON.stringify(llm.requests.map((request) => request.body));
  expect(asked).not.toContain('made by hand');
  expect(asked).not.toContain('by-hand.txt');
  expect(existsSync(join(folder, 'by-hand.txt'))).toBe(true);
});
