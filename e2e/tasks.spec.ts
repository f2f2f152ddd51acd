import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { WorkspacePanel } from './workspace';

// The agent's task list in the side panel's Tasks tab: live while it runs, linked from the
// transcript, kept in the address.

test('the task list follows the run live, from the card that changed it to the Tasks tab', async ({
  page,
}) => {
  const app = new Tether(page);
  const side = new WorkspacePanel(page);
  await app.open();
  // Each tool (the plan's three updates, a command, an edit) finishes only when let go, so that
  // each state of the plan is seen however slow the machine.
  await app.setAgentTiming(20, 0);
  await app.mock((server) => (server.agent.toolsHeld = true));
  await app.startConversation('Make a plan for the changelog');
  await app.mock((server) => server.agent.releaseTools(1));
  // Finished steps fold into a line; every step shown, the card that changed the plan links to it.
  await page.getByRole('button', { name: 'Show every step' }).click();
  await app.log.getByRole('button', { name: 'Open the task list' }).first().click();
  await expect(side.tab('Tasks')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?workspace=tasks$/);
  await expect(side.summary).toHaveText('0 of 2 done · 1 in progress');
  expect(await side.tasks()).toEqual([
    'In progress Look at the workspace',
    'To do Note the request in the README',
  ]);
  await expect(side.plan).toContainText('“Make a plan for the changelog”');

  // It moves on as the agent does (the command, then the plan's update), and the tab counts what
  // is done.
  await app.mock((server) => server.agent.releaseTools(2));
  await expect(side.summary).toHaveText('1 of 2 done · 1 in progress');
  await expect(side.tab('Tasks')).toHaveAccessibleName('Tasks 1/2');
  await expect(side.tab('Tasks')).toHaveAccessibleDescription('Tasks, 1 of 2 done');
  await app.mock((server) => server.agent.releaseTools(2));
  await expect(side.summary).toHaveText('2 of 2 done');
  await expect(side.tab('Tasks')).toContainText('2/2');
  await app.expectStatus('finished');
  await expectAccessible(page, 'the Tasks tab');

  // The tab is in the address: a reload opens it again, with the plan as it ended.
  await page.reload();
  await expect(side.summary).toHaveText('2 of 2 done');
  expect(await side.tasks()).toEqual(['Done Look at the workspace', 'Done Note the request in the README']);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'the Tasks tab (dark)', 'colours');
});

test('a conversation without a task list says so, after looking in what is not loaded yet', async ({
  page,
}) => {
  const app = new Tether(page);
  const side = new WorkspacePanel(page);
  await app.open(`/conversations/${SEEDED.long}?workspace=tasks`);
  await expect(side.panel).toContainText('No task list in the part of the conversation loaded so far.');
  await side.panel.getByRole('button', { name: 'Look in earlier messages' }).click();
  await expect(side.panel).toContainText('The agent has not made a task list in this conversation.', {
    timeout: 20_000,
  });
  // The seeded parser fix has one: the Tasks tab is reached from the others with the arrows.
  await app.open(`/conversations/${SEEDED.parser}?workspace=commits`);
  await side.tab('Commits').focus();
  await page.keyboard.press('ArrowRight');
  await expect(side.tab('Terminal')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(side.tab('Tasks')).toBeFocused();
  await expect(side.summary).toHaveText('1 of 3 done · 1 in progress');
});
