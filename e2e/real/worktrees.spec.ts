import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { Tether } from '../app';
import { expectAccessible } from '../axe';
import { WorkspacePanel } from '../workspace';
import { openConnected, expect, startConversation, test } from './fixtures';
import { ghAsked, makeRepository } from './repositories';
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
  await openConnected(page, server);
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
  const form = workspace.commitForm;
  await expect(form.getByRole('textbox', { name: 'Commit message' })).toHaveValue('Say hello in Spanish');
  await workspace.commit();
  expect(git(worktree(spanish), 'log', '-1', '--format=%s')).toBe('Say hello in Spanish');
  expect(git(worktree(spanish), 'rev-parse', '--abbrev-ref', 'HEAD')).toBe(`tether/${spanish}`);
  expect(git(worktree(french), 'status', '--porcelain')).toBe('M greeting.txt');
  expect(git(repo, 'log', '-1', '--format=%s')).toBe('Start');
  expect(git(repo, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe(branchBefore);
  // No remote: no pull request, and it says why.
  await workspace.expectNoPullRequestWithoutRemote();
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

test('with a remote and gh on the server, Open pull request pushes the branch and opens one', async ({
  page,
  server,
  llm,
}) => {
  // The worker's server has GitHub's command line as a stand-in on its PATH (`ghStandIn`).
  rmSync(ghAsked(server.root), { force: true });
  const repo = makeRepository(server.root, 'pr-project', { 'greeting.txt': 'Hello\n' });
  const origin = join(server.root, 'pr-origin.git');
  execFileSync('git', ['init', '-q', '--bare', origin]);
  git(repo, 'remote', 'add', 'origin', origin);
  git(repo, 'push', '-q', 'origin', 'HEAD');

  await openConnected(page, server);
  const id = await greetIn(page, llm, repo, 'Say hello in German', 'Hallo');
  const workspace = new WorkspacePanel(page);
  await workspace.open();
  const form = workspace.commitForm;
  await workspace.commit();
  await form.getByRole('button', { name: 'Open pull request' }).click();
  const opened = form.getByRole('link', { name: 'The pull request is open (opens in a new tab)' });
  await expect(opened).toHaveAttribute('href', 'https://github.example/tether/demo/pull/7', {
    timeout: 30_000,
  });
  // The branch went to origin, and gh was asked to open a pull request of it.
  expect(git(origin, 'log', '-1', '--format=%s', `tether/${id}`)).toBe('Say hello in German');
  expect(readFileSync(ghAsked(server.root), 'utf8').trim()).toBe('pr create --fill');
});
