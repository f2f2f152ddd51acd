import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PlanFirst } from '../planning';
import type { AgentServer } from './agentServer';
import { openConnected, expect, startConversation, test } from './fixtures';

// Plan first against the real server: the conversation has the server's planning tools only;
// the scripted model tries to edit a source file and the planning file editor refuses it, then
// it writes PLAN.md (made by the server with its section headers); another model gives a second
// opinion; approved, the build starts in a new conversation with every tool, the plan its first
// message.

type Info = { agent: { tools: { name: string }[] }; tags?: Record<string, string> };

const infoOf = (server: AgentServer, id: string) => server.api<Info>(`/api/conversations/${id}`);

/** The scripted model's planning: the plan's objective written into PLAN.md, then its word. */
const planTurns = (saying: string, planPath: string) => [
  {
    text: saying,
    toolCalls: [
      {
        name: 'planning_file_editor',
        arguments: {
          command: 'str_replace',
          path: planPath,
          old_str: '# 1. OBJECTIVE\n',
          new_str: '# 1. OBJECTIVE\nGreet the user by name.\n',
        },
      },
    ],
  },
  { text: 'The plan is ready.' },
];

test('plan first: an edit of a source file is refused, the file unchanged; a second opinion; the approved plan starts the build', async ({
  page,
  server,
  llm,
}) => {
  const folder = join(server.root, 'plan-project');
  mkdirSync(folder, { recursive: true });
  const source = join(folder, 'app.py');
  writeFileSync(source, 'print("hello")\n');
  const planPath = join(folder, '.agents_tmp', 'PLAN.md');
  llm.setScript([
    {
      text: 'Let me just fix it.',
      toolCalls: [
        {
          name: 'planning_file_editor',
          arguments: { command: 'str_replace', path: source, old_str: 'hello', new_str: 'hello, you' },
        },
      ],
    },
    ...planTurns('Planning instead.', planPath),
  ]);
  const plan = new PlanFirst(page);
  await openConnected(page, server);
  await plan.choose();
  const planId = await startConversation(page, llm, 'Greet the user by name', { workspaceFolder: folder });
  expect((await infoOf(server, planId)).agent.tools.map((tool) => tool.name)).toEqual([
    'glob',
    'grep',
    'planning_file_editor',
    'task_tracker',
  ]);
  await expect(plan.document).toContainText('Greet the user by name.', { timeout: 30_000 });

  // The server refused the edit of the source file, and the file is as it was.
  const events = await server.api<{
    items: { kind: string; observation?: { kind: string; is_error?: boolean; path?: string } }[];
  }>(`/api/conversations/${planId}/events/search?limit=100`);
  const results = events.items.filter((event) => event.observation?.kind === 'PlanningFileEditorObservation');
  expect(results.map((event) => event.observation!.is_error)).toEqual([true, false]);
  expect(readFileSync(source, 'utf8')).toBe('print("hello")\n');
  await expect(page.locator('[data-tool-call-id]').first()).toHaveAttribute('data-state', 'error');

  // A second opinion from another model: a child of the plan with reading tools only, its answer
  // shown beside the plan.
  llm.setScript([{ text: 'Second look: the plan names no test. Add one.' }]);
  await plan.askSecondOpinion('openai/second-model');
  await expect(plan.opinion.getByRole('document', { name: 'Second opinion' })).toContainText(
    'the plan names no test',
    { timeout: 30_000 },
  );
  await expect(plan.opinion).toContainText('From openai/second-model');
  const opinionId = (await infoOf(server, planId)).tags?.tetheropinion;
  const opinion = await server.api<
    Info & { parent_conversation_id: string; agent: { llm: { model: string } } }
  >(`/api/conversations/${opinionId}`);
  expect(opinion.parent_conversation_id).toBe(planId);
  expect(opinion.agent.tools.map((tool) => tool.name)).toEqual(['glob', 'grep']);
  expect(opinion.agent.llm.model).toBe('openai/second-model');
  const asked = llm.requests.filter((request) => JSON.stringify(request.body).includes('Review this plan'));
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.every((request) => request.body.model === 'second-model')).toBe(true);
  expect(JSON.stringify(asked[0]!.body)).toContain('Greet the user by name.');

  llm.setScript([{ text: 'Building it now.' }]);
  await plan.approve();
  await expect(page.getByRole('log').getByText('Building it now.')).toBeVisible({ timeout: 30_000 });
  const buildId = page.url().split('/').at(-1)!;
  expect(buildId).not.toBe(planId);
  const build = await infoOf(server, buildId);
  expect(build.agent.tools.map((tool) => tool.name)).toEqual(
    expect.arrayContaining(['terminal', 'file_editor']),
  );
  expect(build.tags).toEqual({ tetherplanof: planId });
  expect(JSON.stringify(llm.requests.at(-1)?.body.messages)).toContain('Greet the user by name.');
  expect((await infoOf(server, planId)).tags).toEqual({
    tetherplan: `approved:${buildId}`,
    tetheropinion: opinionId,
  });
});

test('the next turn planned first: the planner is a child on the same folder, and the approved plan is the next message', async ({
  page,
  server,
  llm,
}) => {
  const folder = join(server.root, 'next-turn-project');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'app.py'), 'print("hello")\n');
  const planPath = join(folder, '.agents_tmp', 'PLAN.md');
  llm.setScript([{ text: 'It prints hello.' }]);
  const plan = new PlanFirst(page);
  await openConnected(page, server);
  const parentId = await startConversation(page, llm, 'What does app.py print?', { workspaceFolder: folder });
  await expect(page.getByRole('log').getByText('It prints hello.')).toBeVisible({ timeout: 30_000 });

  llm.setScript(planTurns('Planning it.', planPath));
  await plan.planNextTurn('Greet the user by name');
  await plan.startPlanning();
  await expect(page).not.toHaveURL(new RegExp(parentId));
  const planId = page.url().split('/').at(-1)!;
  await expect(plan.document).toContainText('Greet the user by name.', { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Plan: Greet the user by name' })).toBeVisible();

  // The server took it as the conversation's child, on its folder, with the planning tools only;
  // the planner was told the request and where the conversation stands.
  const planning = await server.api<
    Info & { parent_conversation_id: string; workspace: { working_dir: string } }
  >(`/api/conversations/${planId}`);
  expect(planning.parent_conversation_id).toBe(parentId);
  expect(planning.workspace.working_dir).toBe(folder);
  expect(planning.agent.tools.map((tool) => tool.name)).toEqual([
    'glob',
    'grep',
    'planning_file_editor',
    'task_tracker',
  ]);
  const told = JSON.stringify(
    llm.requests.find((request) => JSON.stringify(request.body).includes('Plan the next turn'))?.body,
  );
  expect(told).toContain('Greet the user by name');
  expect(told).toContain('It prints hello.');

  // The conversation lists its child (the server's sub_conversation_ids) and says where its next
  // turn is being planned.
  await page.goBack();
  await expect(plan.nextTurnPlans).toHaveText(
    'The next turn is being planned in “Plan: Greet the user by name”. Open the plan',
  );
  await plan.nextTurnPlans.getByRole('link', { name: 'Open the plan' }).click();

  llm.setScript([{ text: 'Greeting them now.' }]);
  await plan.approve();
  await expect(page).toHaveURL(new RegExp(parentId));
  await expect(page.getByRole('log').getByText('Greeting them now.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('log').getByText(/^Carry out this plan, which I have approved/)).toBeVisible();
  // The conversation's own agent ran it, with every tool, and read the plan.
  const parent = await infoOf(server, parentId);
  expect(parent.agent.tools.map((tool) => tool.name)).toEqual(
    expect.arrayContaining(['terminal', 'file_editor']),
  );
  expect(JSON.stringify(llm.requests.at(-1)?.body.messages)).toContain('Greet the user by name.');
  expect((await infoOf(server, planId)).tags).toEqual({ tetherplan: `approved:${parentId}` });
  await expect(plan.nextTurnPlans).toBeHidden();
});
