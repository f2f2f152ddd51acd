import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { BLUE_SQUARE_PNG, pasteFiles } from '../clipboard';
import { Tether } from '../app';
import { WorkspacePanel } from '../workspace';
import type { AgentServer } from './agentServer';
import { openConnected, expect, startConversation, test } from './fixtures';
import { makeRepository } from './repositories';

// The workspace against the real agent-server: what the agent changed, as git itself reports
// it; a pending edit's diff; images that reach the model; files uploaded into the workspace.

/** A repository with one commit, in a folder of its own: the conversation's workspace. */
const makeAppRepository = (root: string, name: string) =>
  makeRepository(root, name, {
    'app.py': 'def answer():\n    return 1\n\n\ndef name():\n    return "app"\n',
  });

/** "@@ -a,b +c,d @@" with git's omitted counts written out, and nothing after the second @@. */
const hunkHeader = (line: string) =>
  line.replace(
    /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@.*$/,
    (_, a, b, c, d) => `@@ -${a},${b ?? 1} +${c},${d ?? 1} @@`,
  );

/** The hunks of a `git diff` / `git show` for one file, as the workspace page object reads them. */
function gitHunks(output: string): string[] {
  const lines = output.split('\n');
  const start = lines.findIndex((l) => l.startsWith('@@'));
  return lines
    .slice(start)
    .filter((l) => l !== '' && !l.startsWith('\\'))
    .map((l) => (l.startsWith('@@') ? hunkHeader(l) : l));
}

/**
 * Approves each step as the agent asks. The scripted model answers at once, so "running" can
 * last less than one look at the header before the next step waits again: progress is read
 * from the server (each approval runs a tool, which persists an observation), and each approval
 * waits until the server is asking again, so none lands between two steps.
 */
async function approveUntilDone(
  page: Page,
  server: AgentServer,
  conversationId: string,
  status: Locator,
  approvals: number,
) {
  const approve = page
    .getByRole('group', { name: 'Pending actions' })
    .getByRole('button', { name: 'Approve' });
  const observations = async () =>
    (await server.events(conversationId)).filter((event) => event.kind === 'ObservationEvent').length;
  for (let i = 0; i < approvals; i++) {
    await expect
      .poll(async () => (await server.conversation(conversationId)).execution_status, { timeout: 30_000 })
      .toBe('waiting_for_confirmation');
    await expect(status).toHaveAttribute('data-status', 'waiting_for_confirmation', { timeout: 30_000 });
    const ran = await observations();
    await approve.click();
    await expect.poll(observations, { timeout: 30_000 }).toBeGreaterThan(ran);
  }
}

test('the agent edits, creates and commits: a pending edit shows its diff, and the Changes view shows what git shows', async ({
  page,
  server,
  llm,
}, testInfo) => {
  test.setTimeout(180_000);
  const repo = makeAppRepository(server.root, 'project');
  llm.setScript([
    { text: 'Ready when you are.' },
    {
      text: 'I will change the answer and write notes.',
      toolCalls: [
        {
          name: 'file_editor',
          arguments: {
            command: 'str_replace',
            path: `${repo}/app.py`,
            old_str: '    return 1',
            new_str: '    return 42',
          },
        },
        {
          name: 'file_editor',
          arguments: {
            command: 'create',
            path: `${repo}/notes.md`,
            file_text: '# Notes\n\nThe answer is 42.\n',
          },
        },
      ],
    },
    {
      text: 'Committing.',
      toolCalls: [
        {
          name: 'terminal',
          arguments: {
            command: 'git add -A && git -c user.name=Agent -c user.email=a@a commit -q -m "Agent work"',
          },
        },
      ],
    },
    {
      text: 'One more change, not committed.',
      toolCalls: [
        {
          name: 'file_editor',
          arguments: {
            command: 'str_replace',
            path: `${repo}/app.py`,
            old_str: 'return "app"',
            new_str: 'return "tether"',
          },
        },
        {
          name: 'file_editor',
          arguments: { command: 'create', path: `${repo}/todo.txt`, file_text: 'ship it\n' },
        },
      ],
    },
    { text: 'Done.' },
  ]);
  await openConnected(page, server);
  const conversationId = await startConversation(page, llm, 'Get ready', { workspaceFolder: repo });
  const status = page.locator('.conversation-header [data-status]');
  await expect(page.getByRole('log').getByText('Ready when you are.')).toBeVisible({ timeout: 30_000 });
  await new Tether(page).setApproval('Ask for every action');
  await page.getByLabel('Message to the agent').fill('Change the answer');
  await page.getByLabel('Message to the agent').press('Enter');

  // Waiting for approval: the edit's diff is there before anything ran.
  await expect(status).toHaveAttribute('data-status', 'waiting_for_confirmation', { timeout: 30_000 });
  const pending = page.getByRole('table', { name: `Changes to ${repo}/app.py` });
  await expect(pending.getByRole('cell', { name: 'removed:     return 1' })).toBeVisible();
  await expect(pending.getByRole('cell', { name: 'added:     return 42' })).toBeVisible();
  await expect(page.getByRole('table', { name: `Changes to ${repo}/notes.md` })).toContainText(
    'The answer is 42.',
  );
  expect(readFileSync(join(repo, 'app.py'), 'utf8')).toContain('return 1\n');
  await page.screenshot({ path: testInfo.outputPath('pending-edit.png') });
  await approveUntilDone(page, server, conversationId, status, 3);
  await expect(status).toHaveAttribute('data-status', 'finished', { timeout: 30_000 });

  const workspace = new WorkspacePanel(page);
  await workspace.open();
  // The same files git reports, with the same statuses.
  const gitStatus = execFileSync('git', ['status', '--porcelain'], { cwd: repo, encoding: 'utf8' });
  expect(gitStatus.split('\n').filter(Boolean).sort()).toEqual([' M app.py', '?? todo.txt']);
  await expect(workspace.summary).toHaveText('2 changed files');
  await expect(workspace.file('app.py')).toContainText('Modified');
  await expect(workspace.file('todo.txt')).toContainText('Added');
  await workspace.file('app.py').click();
  const gitDiff = execFileSync('git', ['diff', '--no-color', 'HEAD', '--', 'app.py'], {
    cwd: repo,
    encoding: 'utf8',
  });
  await expect.poll(() => workspace.diffLines(workspace.diff('app.py'))).toEqual(gitHunks(gitDiff));
  await page.screenshot({ path: testInfo.outputPath('changes.png') });

  // The commits git logs, and the commit's files and hunks as git shows them.
  await workspace.tab('Commits').click();
  const log = execFileSync('git', ['log', '--format=%s'], { cwd: repo, encoding: 'utf8' }).trim().split('\n');
  await expect(workspace.panel.locator('.commit-subject')).toHaveText(log);
  await workspace.panel.getByRole('button', { name: /Agent work/ }).click();
  const shown = execFileSync('git', ['show', '--name-only', '--format=', 'HEAD'], {
    cwd: repo,
    encoding: 'utf8',
  });
  await expect(workspace.panel.locator('.changed-file .change-path')).toHaveText(
    shown.trim().split('\n').sort(),
  );
  await workspace.file('app.py').click();
  const gitShow = execFileSync('git', ['show', '--no-color', '--format=', 'HEAD', '--', 'app.py'], {
    cwd: repo,
    encoding: 'utf8',
  });
  await expect.poll(() => workspace.diffLines(workspace.diff('app.py'))).toEqual(gitHunks(gitShow));
  await page.screenshot({ path: testInfo.outputPath('commit.png') });
});

test('a pasted image reaches the model; a file uploaded from the composer lands in the workspace', async ({
  page,
  server,
  llm,
}) => {
  test.setTimeout(120_000);
  const repo = makeAppRepository(server.root, 'uploads-project');
  llm.setScript([{ text: 'Hello.' }, { text: 'I see a blue square.' }, { text: 'Read it.' }]);
  await openConnected(page, server);
  // A model the SDK knows to take images (its LiteLLM metadata), answered by the scripted LLM.
  await startConversation(page, llm, 'Hi', { model: 'openai/gpt-4o', workspaceFolder: repo });
  await expect(page.getByRole('log').getByText('Hello.')).toBeVisible({ timeout: 30_000 });

  const png = BLUE_SQUARE_PNG;
  await page.getByLabel('Message to the agent').fill('What is in this picture?');
  await pasteFiles(page, [{ name: 'square.png', type: 'image/png', base64: png }]);
  await expect(page.locator('.composer').getByRole('button', { name: 'Enlarge image 1' })).toBeVisible();
  await page.getByLabel('Message to the agent').press('Enter');
  await expect(page.getByRole('log').getByText('I see a blue square.')).toBeVisible({ timeout: 30_000 });
  const asked = llm.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
  const lastUser = asked.messages.filter((m) => m.role === 'user').at(-1)!;
  expect(JSON.stringify(lastUser.content)).toContain(`data:image/png;base64,${png}`);
  // The persisted message keeps its image, and the bubble shows it.
  await expect(
    page.getByRole('log').locator('.chat-row.from-user[data-event-id]').last().getByRole('img'),
  ).toHaveCount(1);

  await page
    .getByLabel('Files to attach')
    .setInputFiles([{ name: 'brief.txt', mimeType: 'text/plain', buffer: Buffer.from('Ship on Friday.\n') }]);
  await expect(page.getByLabel('Message to the agent')).toHaveValue(`${repo}/uploads/brief.txt`);
  expect(existsSync(join(repo, 'uploads', 'brief.txt'))).toBe(true);
  expect(readFileSync(join(repo, 'uploads', 'brief.txt'), 'utf8')).toBe('Ship on Friday.\n');
  const workspace = new WorkspacePanel(page);
  await workspace.open();
  await expect(workspace.file('uploads/brief.txt')).toContainText('Added');
});
