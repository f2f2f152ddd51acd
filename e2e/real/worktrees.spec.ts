import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { Tether } from '../app';
import { expectAccessible } from '../axe';
import { WorkspacePanel } from '../workspace';
import { connect, expect, startConversation, test } from './fixtures';
import { makeRepository } from './repositories';
import type { ScriptedLlm } from './scriptedLlm';

// Conversations in their own git worktrees against the real server: two conversations of one
// repository write the same file, each in its own worktree on its own branch, and neither
// touches the folder or the other's copy. The branch shows in the header and the list; Commit
// commits in the worktree only; a repository without a remote says why no pull request.

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

async function greetIn(page: Page, llm: ScriptedLlm, repo: string, request: string, greeting: string) {
  llm.setScript([
    {
      text: `Writing ${greeting}.`,
      toolCalls: [{ name: 'terminal', arguments: { command: `printf '${greeting}\\n' > greeting.txt` } }],
    },
    { text: `greeting.txt says ${greeting} now.` },
  ]);
  await page.getByRole('link', { name: 'New conversation' }).click();
  const id = await startConversation(page, llm, request, { workspaceFolder: repo, worktree: true });
  await expect(page.getByRole('log').getByText(`greeting.txt says ${greeting} now.`)).toBeVisible({
    timeout: 30_000,
  });
  return id;
}

test('two conversations in two worktrees of one repository change the same file without touching each other', async ({
  page,
  server,
  llm,
}) => {
  const repo = makeRepository(server.root, 'shared-project', { 'greeting.txt': 'Hello\n' });
  const branchBefore = git(repo, 'rev-parse', '--abbrev-ref', 'HEAD');
  await connect(page, server);
  const french = await greetIn(page, llm, repo, 'Say hello in French', 'Bonjour');
  const header = page.locator('.conversation-header');
  await expect(header.locator('.worktree-branch-name')).toHaveText(`tether/${french}`);
  const spanish = await greetIn(page, llm, repo, 'Say hello in Spanish', 'Hola');
  await expect(header.locator('.worktree-branch-name')).toHaveText(`tether/${spanish}`);

  // Each wrote its own copy; the folder itself is as it was.
  const worktree = (id: string) => join(server.root, 'worktrees', id, 'shared-project');
  expect(readFileSync(join(worktree(french), 'greeting.txt'), 'utf8')).toBe('Bonjour\n');
  expect(readFileSync(join(worktree(spanish), 'greeting.txt'), 'utf8')).toBe('Hola\n');
  expect(readFileSync(join(repo, 'greeting.txt'), 'utf8')).toBe('Hello\n');
  expect(git(repo, 'status', '--porcelain')).toBe('');

  // The list names each one's branch.
  const app = new Tether(page);
  await expect(app.listItem(french)).toContainText(`tether/${french}`);
  await expect(app.listItem(spanish)).toContainText(`tether/${spanish}`);

  // Commit, in the Spanish one's worktree only, with the message its request suggests.
  const workspace = new WorkspacePanel(page);
  await workspace.open();
  const form = workspace.panel.getByRole('form', { name: 'Commit the changes' });
  await expect(form.getByRole('textbox', { name: 'Commit message' })).toHaveValue('Say hello in Spanish');
  await form.getByRole('button', { name: 'Commit' }).click();
  await expect(form.getByRole('status')).toContainText(/^Committed [0-9a-f]{7,}\.$/);
  expect(git(worktree(spanish), 'log', '-1', '--format=%s')).toBe('Say hello in Spanish');
  expect(git(worktree(spanish), 'rev-parse', '--abbrev-ref', 'HEAD')).toBe(`tether/${spanish}`);
  expect(git(worktree(french), 'status', '--porcelain')).toBe('M greeting.txt');
  expect(git(repo, 'log', '-1', '--format=%s')).toBe('Start');
  expect(git(repo, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe(branchBefore);
  // No remote: no pull request, and it says why.
  await form.getByRole('button', { name: 'Open pull request' }).click();
  await expect(
    form
      .getByRole('status')
      .filter({ hasText: 'No pull request from here: the repository has no remote named origin.' }),
  ).toBeVisible();
  await expectAccessible(page, 'a conversation in its own worktree, committed');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'a conversation in its own worktree (dark)', 'colours');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await workspace.panel.getByRole('button', { name: 'Close' }).click();
  await expect(header.locator('.worktree-branch-name')).toBeVisible();
  await expectAccessible(page, 'a conversation in its own worktree on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await workspace.open();
  // The commit is among the worktree's commits (its changes are still against the base branch).
  await workspace.tab('Commits').click();
  await expect(workspace.panel.getByText('Say hello in Spanish')).toBeVisible();
});
