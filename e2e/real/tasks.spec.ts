import { Tether } from '../app';
import { WorkspacePanel } from '../workspace';
import { openConnected, expect, expectRowsMatch, Gate, startConversation, test } from './fixtures';

// The Tasks tab against the real agent-server: the task_tracker tool's plan as the server
// reports it, moving on live while the agent works.

test('the agent’s task list on the Tasks tab, live, as the server’s task tracker reports it @smoke', async ({
  page,
  server,
  llm,
}) => {
  const working = new Gate();
  const plan = (statuses: [string, string]) => ({
    name: 'task_tracker',
    arguments: {
      command: 'plan',
      task_list: [
        { title: 'Read the failing test', status: statuses[0], notes: 'tests/test_app.py' },
        { title: 'Fix the parser', status: statuses[1] },
      ],
    },
  });
  llm.setScript([
    { text: 'A plan first.', toolCalls: [plan(['in_progress', 'todo'])] },
    {
      text: 'Reading it.',
      toolCalls: [
        { name: 'terminal', arguments: { command: working.command('echo read'), summary: 'Read it' } },
      ],
    },
    // "completed" is another agent's word for done: the server's tool takes it as done.
    { text: 'Moving on.', toolCalls: [plan(['completed', 'in_progress'])] },
    { text: 'Both steps are done.' },
  ]);
  const app = new Tether(page);
  const side = new WorkspacePanel(page);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Fix the parser, with a plan');
  await page.getByRole('button', { name: 'Show every step' }).click();
  await app.log.getByRole('button', { name: 'Open the task list' }).first().click({ timeout: 30_000 });
  await expect(side.summary).toHaveText('0 of 2 done · 1 in progress');
  expect(await side.tasks()).toEqual(['In progress Read the failing test', 'To do Fix the parser']);
  await expect(side.plan).toContainText('tests/test_app.py');

  working.open();
  await expect(side.summary).toHaveText('1 of 2 done · 1 in progress', { timeout: 30_000 });
  await expect(side.tab('Tasks')).toHaveAccessibleName('Tasks 1/2');
  await expect(side.tab('Tasks')).toHaveAccessibleDescription('Tasks, 1 of 2 done');
  await expect(app.log.getByText('Both steps are done.')).toBeVisible({ timeout: 30_000 });
  await expectRowsMatch(page, server, id);
  await page.reload();
  await expect(side.summary).toHaveText('1 of 2 done · 1 in progress');
  expect(await side.tasks()).toEqual(['Done Read the failing test', 'In progress Fix the parser']);
});
