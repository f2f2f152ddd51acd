import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Review } from '../reviewing';
import { WorkspacePanel } from '../workspace';
import { openConnected, expect, startConversation, test } from './fixtures';
import { makeRepository } from './repositories';

// Review comments against the real server: two comments on two hunks of the agent's change go as
// one message; the scripted model fixes the first hunk only, and after its turn the comments
// stand as the file on disk says: one addressed, one still open.

const CALC = [
  'def add(a, b):',
  '    return a + b',
  '',
  '',
  'def sub(a, b):',
  '    return a - b',
  '',
  '',
  'def mul(a, b):',
  '    return a * b',
  '',
].join('\n');

test('two comments on two hunks: the model fixes one, and the review shows one addressed and one open', async ({
  page,
  server,
  llm,
}) => {
  const repo = makeRepository(server.root, 'review-project', { 'calc.py': CALC });
  const calc = join(repo, 'calc.py');
  const edit = (old_str: string, new_str: string) => ({
    name: 'file_editor',
    arguments: { command: 'str_replace', path: calc, old_str, new_str },
  });
  llm.setScript([
    {
      text: 'Tidying calc.py.',
      toolCalls: [edit('return a + b', 'return b + a'), edit('return a * b', 'return a ** b')],
    },
    { text: 'calc.py is tidied.' },
    { text: 'Putting add back.', toolCalls: [edit('return b + a', 'return a + b')] },
    { text: 'add is a + b again; I left mul as it is.' },
  ]);
  await openConnected(page, server);
  await startConversation(page, llm, 'Tidy calc.py', { workspaceFolder: repo });
  const log = page.getByRole('log');
  await expect(log.getByText('calc.py is tidied.')).toBeVisible({ timeout: 30_000 });

  const workspace = new WorkspacePanel(page);
  const review = new Review(page);
  await workspace.open();
  await workspace.file('calc.py').click();
  const diff = workspace.diff('calc.py');
  await expect(diff).toContainText('return a ** b');
  await review.commentOn(diff, 2, undefined, 'Keep a + b: that order is the convention here.');
  await review.commentOn(diff, 10, undefined, 'This is a power now, not a product.');
  await review.send(2);

  await expect(log.getByText('add is a + b again; I left mul as it is.')).toBeVisible({ timeout: 30_000 });
  // The model was given each comment with its file, lines and the quoted lines.
  const asked = JSON.stringify(
    llm.requests.filter((request) => Array.isArray(request.body.tools)).at(-2)?.body,
  );
  expect(asked).toContain('`calc.py`, line 2:');
  expect(asked).toContain('+    return b + a');
  expect(asked).toContain('This is a power now, not a product.');
  expect(readFileSync(calc, 'utf8')).toContain('return a + b');

  await expect
    .poll(() => review.states(), { timeout: 15_000 })
    .toEqual(['calc.py, line 2: Addressed: its lines changed', 'calc.py, line 10: Still open: now line 10']);
  const onFile = workspace.panel.getByRole('group').filter({ hasText: '2 review comments on this file' });
  await expect(onFile).toContainText('line 10 Still open: now line 10');
  await expect(diff.locator('.diff-commented')).toHaveCount(1);
});
