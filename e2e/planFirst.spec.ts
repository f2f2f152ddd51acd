import { expect, test } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';
import { Board } from './boarding';
import { PlanFirst } from './planning';
import { Review } from './reviewing';

// Plan before code: a conversation started with "Plan first" has the planning tools only, its
// plan shows as a document with Approve, Revise and Discard; approved, the work starts in a new
// conversation with every tool, the plan its first message.

test('plan first: the agent writes a plan only; revised and approved, the build starts with the plan', async ({
  page,
}) => {
  const app = new Tether(page);
  const plan = new PlanFirst(page);
  await app.open();
  await app.setAgentTiming(5, 100);
  await plan.choose();
  const planId = await app.startConversation('Add a changelog');
  const tools = await app.mock(
    (server) =>
      (server.store.get(location.pathname.split('/').at(-1)!)!.info.agent as { tools: { name: string }[] })
        .tools,
  );
  expect(tools.map((tool) => tool.name)).toEqual(['glob', 'grep', 'planning_file_editor', 'task_tracker']);
  await app.expectStatus('finished');
  await expect(plan.document).toContainText('Add a changelog');
  await expect(plan.document.getByRole('heading', { name: '4. IMPLEMENTATION STEPS' })).toBeVisible();
  await expectAccessible(page, 'a plan to approve');

  await plan.revise('Also update the README');
  await expect(plan.document).toContainText('Also update the README', { timeout: 20_000 });

  await plan.approve();
  await expect(page).not.toHaveURL(new RegExp(planId));
  await expect(page.getByRole('log').getByText(/^Carry out this plan, which I have approved/)).toBeVisible();
  const build = await app.mock((server) => {
    const info = server.store.get(location.pathname.split('/').at(-1)!)!.info;
    return {
      tools: (info.agent as { tools: { name: string }[] }).tools.map((tool) => tool.name),
      tags: info.tags,
    };
  });
  expect(build.tools).toContain('file_editor');
  expect(build.tools).toContain('terminal');
  expect(build.tags).toEqual({ tetherplanof: planId });

  // Back at the plan: it says where the work runs.
  await page.goBack();
  await expect(plan.panel).toContainText(
    'Approved: the work runs in its own conversation, with all the tools.',
  );
  await plan.panel.getByRole('link', { name: 'Open the work' }).click();
  await expect(page.getByRole('log').getByText(/^Carry out this plan/)).toBeVisible();
});

test('a discarded plan says so, and can be reopened', async ({ page }) => {
  const app = new Tether(page);
  const plan = new PlanFirst(page);
  await app.open();
  await app.setAgentTiming(5, 100);
  await plan.choose();
  await app.startConversation('Rename the project');
  await app.expectStatus('finished');
  // The board holds the plan as needing an answer.
  const board = new Board(page);
  await board.openWithKeys();
  await expect(
    board.column('Needs you').getByRole('article').filter({ hasText: 'A plan waits for your answer' }),
  ).toHaveCount(1);
  await page.goBack();
  await plan.button('Discard').click();
  await expect(plan.panel).toContainText('This plan was discarded.');
  await plan.button('Reopen').click();
  await expect(plan.button('Approve and build')).toBeEnabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'a plan on a phone');
});

test('the plan’s lines take review comments: sent, the plan is revised and the comment addressed', async ({
  page,
}) => {
  const app = new Tether(page);
  const plan = new PlanFirst(page);
  const review = new Review(page);
  await app.open();
  await app.setAgentTiming(5, 100);
  await plan.choose();
  await app.startConversation('Add a changelog');
  await app.expectStatus('finished');
  await page.getByRole('button', { name: 'Comment on lines' }).click();
  const lines = page.getByRole('table', { name: 'The plan, line by line' });
  await expect(lines).toContainText('Add a changelog');
  await review.commentOn(lines, 2, undefined, 'Name the file: CHANGELOG.md.');
  await expectAccessible(page, 'a plan commented on line by line');
  await review.send(1);
  await app.expectStatus('finished');
  await expect
    .poll(() => review.states())
    .toEqual(['.agents_tmp/PLAN.md, line 2: Addressed: its lines changed']);
});
