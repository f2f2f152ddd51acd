import { expect, test, type Page } from './test';
import { SEEDED, Tether } from './app';
import { WorkspacePanel } from './workspace';
import { expectAccessible } from './axe';

// The new conversation's "in its own git worktree": asked of the server before the start, since a
// server makes no worktree for a folder outside any repository and says nothing. The built-in
// mock makes worktrees of its repository as the server does, and its shell's git commits in the
// working tree a command runs in; the repository has no remote.

test('a worktree is asked for only where the folder is in a repository, and a refusal is said', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  await page.getByRole('link', { name: 'New conversation' }).click();
  await page.getByLabel('What should the agent do?').fill('Say hello');
  await page.getByText(/^Workspace folder:/).click();
  const folder = page.getByLabel('Workspace folder', { exact: true });
  await folder.fill('notes');
  await page.getByRole('checkbox', { name: 'In its own git worktree, on a branch of its own' }).check();
  const base = page.getByLabel('Start from');
  await base.selectOption({ label: 'A branch, tag or commit' });
  await page.getByRole('textbox', { name: 'Branch, tag or commit' }).fill('main');
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'notes is not in a git repository on the server, so it cannot have a worktree: start without one, or choose a folder in a repository.',
  );
  await expect(page).not.toHaveURL(/\/conversations\//);
  await expectAccessible(page, 'a worktree the folder cannot have');

  // In the mock's repository: asked for as chosen, and made.
  await folder.fill('workspace');
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page).toHaveURL(/\/conversations\/[\w-]+$/);
  const asked = await app.mock(
    (server) =>
      server.store.received.filter((r) => r.path.endsWith('/api/conversations') && r.method === 'POST').at(-1)
        ?.body as { worktree?: boolean; worktree_options?: object; tags?: Record<string, string> },
  );
  expect(asked.worktree).toBe(true);
  expect(asked.worktree_options).toEqual({ base: 'ref', ref: 'main', branch_prefix: 'tether/' });
  expect(asked.tags?.tetherworktree).toBe('ref:main');
  await page.goBack();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'the worktree choice (dark)', 'colours');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'the worktree choice on a phone');
});

test('Commit on the mock commits the working tree with the suggested message; no remote, no pull request', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  const workspace = new WorkspacePanel(page);
  await workspace.open();
  await expect(workspace.panel.locator('.changed-file').first()).toBeVisible();
  const form = workspace.commitForm;
  const message = form.getByRole('textbox', { name: 'Commit message' });
  // Its newest request's first line, cut to git's 72 columns.
  await expect(message).toHaveValue(/^The parser tests fail on headers like .{20,}…$/);
  await message.fill('Fix the header parser');
  await workspace.commit();
  const made = await app.mock((server) => server.store.workspace.commitList('/workspace', 1).commits[0]);
  expect(made?.subject).toBe('Fix the header parser');
  await expect(form.getByRole('status')).toHaveText(`Committed ${made!.short_sha}.`);
  // Nothing changed against HEAD now, and the commit is among the repository's commits.
  await expect(workspace.panel.locator('.changed-file')).toHaveCount(0);
  await workspace.tab('Commits').click();
  await expect(workspace.panel.getByText('Fix the header parser', { exact: true })).toBeVisible();
  await workspace.tab('Changes').click();

  // The mock's repository has no remote: the pull request says why not.
  await workspace.expectNoPullRequestWithoutRemote();
  await expectAccessible(page, 'a commit made on the mock');
});

/** Starts a conversation of the mock's repository in its own worktree, from HEAD; its id. */
async function startInWorktree(app: Tether, page: Page, request: string): Promise<string> {
  await page.getByRole('link', { name: 'New conversation' }).click();
  await page.getByLabel('What should the agent do?').fill(request);
  await page.getByText(/^Workspace folder:/).click();
  await page.getByLabel('Workspace folder', { exact: true }).fill('workspace');
  await page.getByRole('checkbox', { name: 'In its own git worktree, on a branch of its own' }).check();
  await page.getByLabel('Start from').selectOption({ label: 'The folder’s current HEAD' });
  const id = await app.startConversation(request);
  await app.expectStatus('finished');
  return id;
}

test('two conversations in two worktrees of the mock’s repository change one file without touching each other', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  await app.setAgentTiming(5, 50);
  const french = await startInWorktree(app, page, 'Say hello in French');
  const header = page.locator('.conversation-header');
  await expect(header.locator('.worktree-branch-name')).toHaveText(`tether/${french}`);
  const spanish = await startInWorktree(app, page, 'Say hello in Spanish');
  await expect(header.locator('.worktree-branch-name')).toHaveText(`tether/${spanish}`);

  // Each agent wrote its own worktree's README; the repository's own is as it was.
  const readme = (path: string) =>
    page.evaluate((file) => new TextDecoder().decode(window.__tetherMock!.store.workspace.read(file)), path);
  const worktree = (id: string) => `/tmp/conversation-worktrees/${id}/workspace`;
  expect(await readme(`${worktree(french)}/README.md`)).toBe('# Project\n\n- Say hello in French\n');
  expect(await readme(`${worktree(spanish)}/README.md`)).toBe('# Project\n\n- Say hello in Spanish\n');
  expect(await readme('/workspace/README.md')).toBe('# Project\n');
  await expect(app.listItem(french)).toContainText(`tether/${french}`);
  await expect(app.listItem(spanish)).toContainText(`tether/${spanish}`);

  // The Changes tab shows the worktree's own change; Commit commits it on its branch only.
  const workspace = new WorkspacePanel(page);
  await workspace.open();
  await expect(workspace.panel.locator('.changed-file')).toHaveText([/^ModifiedREADME\.md\+2 −0$/]);
  const form = workspace.commitForm;
  await expect(form.getByRole('textbox', { name: 'Commit message' })).toHaveValue('Say hello in Spanish');
  await workspace.commit();
  const newest = (path: string) =>
    page.evaluate(
      (folder) => window.__tetherMock!.store.workspace.commitList(folder, 1).commits[0]?.subject,
      path,
    );
  expect(await newest(worktree(spanish))).toBe('Say hello in Spanish');
  expect(await newest(worktree(french))).toBe('Document add()');
  expect(await newest('/workspace')).toBe('Document add()');
  await workspace.tab('Commits').click();
  await expect(workspace.panel.getByText('Say hello in Spanish', { exact: true })).toBeVisible();
  await expectAccessible(page, 'a conversation in its own worktree on the mock, committed');
});
