import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { Board } from './boarding';
import { PlanFirst } from './planning';
import { Review } from './reviewing';
import { toolsButton } from './tools';

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
  await plan.startPlan(app, 'Rename the project');
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
  await plan.startPlan(app, 'Add a changelog');
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

test('the next turn planned first: the plan is written in a child, and approved it comes back as the next message', async ({
  page,
}) => {
  const app = new Tether(page);
  const plan = new PlanFirst(page);
  await app.openConversation(SEEDED.parser);
  await app.setAgentTiming(5, 100);
  await plan.planNextTurn('Add a changelog');
  await expectAccessible(page, 'the next turn planned first');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'the next turn planned first (dark)', 'colours');
  await page.emulateMedia({ colorScheme: 'light' });
  await plan.startPlanning();

  // The planner works in a child of the conversation, on its folder, with the planning tools only.
  await expect(page).not.toHaveURL(new RegExp(SEEDED.parser));
  const planning = await app.mock((server) => {
    const info = server.store.get(location.pathname.split('/').at(-1)!)!.info;
    return {
      id: info.id,
      parent: info.parent_conversation_id,
      folder: (info.workspace as { working_dir: string }).working_dir,
      tools: (info.agent as { tools: { name: string }[] }).tools.map((tool) => tool.name),
      request: JSON.stringify(
        server.store.get(info.id)!.events.find((event) => event.kind === 'MessageEvent'),
      ),
    };
  });
  expect(planning.parent).toBe(SEEDED.parser);
  expect(planning.folder).toBe('/workspace');
  expect(planning.tools).toEqual(['glob', 'grep', 'planning_file_editor', 'task_tracker']);
  // The planner is told the request and where the conversation stands: its newest request and answer.
  expect(planning.request).toContain('Plan the next turn of the conversation “Fix header parsing”');
  expect(planning.request).toContain('What the next turn should do:\\nAdd a changelog');
  expect(planning.request).toContain('it now splits on the first colon only');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan: Add a changelog' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Started by “Fix header parsing”' })).toBeVisible();
  await app.expectStatus('finished');
  await expect(plan.document).toContainText('Add a changelog');
  await expect(plan.panel).toContainText('Approve it to send it there');
  // On a phone the header stays one line: the link to the parent gives way to the title, and the
  // menu's button stays on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const title = page.getByRole('heading', { level: 1, name: 'Plan: Add a changelog' });
  expect((await title.boundingBox())!.width).toBeGreaterThan(100);
  const menuButton = (await toolsButton(page).boundingBox())!;
  expect(menuButton.x + menuButton.width).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'a plan of the next turn, on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The conversation says where its next turn is being planned, one click away.
  await page.goBack();
  await expect(plan.nextTurnPlans).toHaveText(
    'The next turn is being planned in “Plan: Add a changelog”. Open the plan',
  );
  await expectAccessible(page, 'a conversation whose next turn is being planned');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'a conversation whose next turn is being planned (dark)', 'colours');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'a conversation whose next turn is being planned, on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await plan.nextTurnPlans.getByRole('link', { name: 'Open the plan' }).click();
  await expect(page).toHaveURL(new RegExp(planning.id));

  // Approved, the plan is the conversation's next message, and its agent (every tool) runs it.
  await plan.approve();
  await expect(page).toHaveURL(new RegExp(SEEDED.parser));
  await expect(page.getByRole('log').getByText(/^Carry out this plan, which I have approved/)).toBeVisible();
  // A whole run of the mock's agent, waited for as the other runs' answers are.
  await expect(app.log).toContainText('record “Add a changelog”', { timeout: 30_000 });
  await app.expectStatus('finished');
  await expect(plan.nextTurnPlans).toBeHidden();
  await page.goBack();
  await expect(plan.panel).toContainText('Approved: the plan went to its conversation as the next message.');
  await expect(plan.panel.getByRole('link', { name: 'Open the conversation' })).toBeVisible();
});

test('a second opinion: another model reads the plan and answers beside it, and says when the plan changed since', async ({
  page,
}) => {
  const app = new Tether(page);
  const plan = new PlanFirst(page);
  const planId = await plan.startPlan(app, 'Add a changelog');

  await plan.panel.getByRole('button', { name: 'Second opinion…' }).click();
  // The model's field takes focus, ready for a name.
  await expect(plan.panel.getByLabel('Model for the second opinion')).toBeFocused();
  await expectAccessible(page, 'asking for a second opinion');
  await plan.panel.getByLabel('Model for the second opinion').fill('openai/gpt-4o');
  await plan.panel.getByRole('button', { name: 'Ask for a second opinion' }).click();
  await expect(plan.opinion).toContainText('From openai/gpt-4o');
  await expect(plan.opinion.getByRole('document', { name: 'Second opinion' })).toContainText(
    'One gap: no step checks the result.',
  );
  await expect(plan.opinion).toContainText('A second look at the plan for “Add a changelog”');

  // Asked of a child of the plan, on its folder, with the other model and reading tools only.
  const opinion = await app.mock((server) => {
    const planning = server.store.get(location.pathname.split('/').at(-1)!)!.info;
    const child = server.store.get((planning.tags as Record<string, string>).tetheropinion!)!.info;
    const agent = child.agent as { tools: { name: string }[]; llm: { model: string } };
    return {
      parent: child.parent_conversation_id,
      model: agent.llm.model,
      tools: agent.tools.map((tool) => tool.name),
      folder: (child.workspace as { working_dir: string }).working_dir,
      planningFolder: (planning.workspace as { working_dir: string }).working_dir,
    };
  });
  expect(opinion.parent).toBe(planId);
  expect(opinion.model).toBe('openai/gpt-4o');
  expect(opinion.tools).toEqual(['glob', 'grep']);
  expect(opinion.folder).toBe(opinion.planningFolder);
  await expectAccessible(page, 'a plan with its second opinion');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'a plan with its second opinion (dark)', 'colours');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'a plan with its second opinion, on a phone');
  // Every answer to the plan is on screen: the five wrap rather than run off its edge.
  for (const name of [
    'Approve and build',
    'Ask for changes…',
    'Comment on lines',
    'Second opinion…',
    'Discard',
  ]) {
    const box = (await plan.panel.getByRole('button', { name }).boundingBox())!;
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Revised, the plan is newer than the opinion, which says so; kept across a reload.
  await plan.revise('Also update the README');
  await expect(plan.document).toContainText('Also update the README', { timeout: 20_000 });
  await expect(plan.opinion).toContainText('Given on an earlier version of the plan.');
  await page.reload();
  await expect(plan.opinion).toContainText('Given on an earlier version of the plan.');
  await expect(plan.opinion.getByRole('document', { name: 'Second opinion' })).toContainText('One gap');
});
