import { pathToRoot } from '../../mocks/tree';
import type { ServerEvent } from '../../src/agent-server/protocol';
import { Branches } from '../branches';
import { expectRowsShow, summarise } from '../rows';
import type { AgentServer } from './agentServer';
import { openConnected, expect, startConversation, test } from './fixtures';

// Branches on the real server: edit a message of a real run, switch between the two versions,
// fork from the first answer. After each, the rows on screen are the active branch the server's
// events and its `leaf_event_id` make.

async function expectActiveBranch(page: import('@playwright/test').Page, server: AgentServer, id: string) {
  const events = (await server.events(id)) as unknown as ServerEvent[];
  const { leaf_event_id: leaf } = await server.api<{ leaf_event_id: string | null }>(
    `/api/conversations/${id}`,
  );
  const branch = new Set(pathToRoot(events, leaf).map((event) => event.id));
  // The branch, and the state updates, which are no tree nodes (a model switch is one, for instance).
  const shown = events.filter(
    (event) => branch.has(event.id) || event.kind === 'ConversationStateUpdateEvent',
  );
  await expectRowsShow(page, shown.map(summarise));
}

test('edit the second message, switch between the versions, fork from the first answer', async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([
    { text: 'First answer one.' },
    { text: 'Answer to two.' },
    { text: 'Answer to two, edited.' },
  ]);
  const branches = new Branches(page);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Message one');
  const status = page.locator('.conversation-header [data-status]');
  await expect(branches.row('First answer one.')).toBeVisible({ timeout: 30_000 });
  await expect(status).toHaveAttribute('data-status', 'finished');
  await page.getByLabel('Message to the agent').fill('Message two');
  await page.getByLabel('Message to the agent').press('Enter');
  await expect(branches.row('Answer to two.')).toBeVisible({ timeout: 30_000 });
  await expect(status).toHaveAttribute('data-status', 'finished');

  await branches.edit(branches.row('Message two'), 'Message two, edited');
  await expect(branches.row('Answer to two, edited.')).toBeVisible({ timeout: 30_000 });
  await expect(status).toHaveAttribute('data-status', 'finished');
  await expect(branches.row('Answer to two.')).toHaveCount(0);
  // The model saw the edited branch only.
  const asked = JSON.stringify(
    llm.requests.filter((request) => JSON.stringify(request.body).includes('"tools"')).at(-1)?.body,
  );
  expect(asked).toContain('Message two, edited');
  expect(asked).not.toContain('Answer to two.');
  const edited = branches.row('Message two, edited');
  await expect(branches.versions(edited)).toHaveText('2 / 2');
  await expectActiveBranch(page, server, id);

  await branches.previous(edited);
  await expect(branches.row('Answer to two.')).toBeVisible();
  await expect(branches.row('Message two, edited')).toHaveCount(0);
  await expectActiveBranch(page, server, id);
  await branches.next(branches.row('Message two'));
  await expect(branches.row('Answer to two, edited.')).toBeVisible();
  await expectActiveBranch(page, server, id);
  // A reload opens the branch HEAD is on.
  await page.reload();
  await expect(branches.row('Answer to two, edited.')).toBeVisible({ timeout: 30_000 });
  await expectActiveBranch(page, server, id);

  await branches.forkFrom(branches.row('First answer one.'));
  await expect(page).not.toHaveURL(new RegExp(id));
  const forkId = page.url().split('/').at(-1)!;
  await expect(branches.row('First answer one.')).toBeVisible({ timeout: 30_000 });
  expect(await branches.messages()).toEqual(['Message one', 'First answer one.']);
  await expectActiveBranch(page, server, forkId);
});

test('a conversation branched through the API opens on its active branch only', async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([
    { text: 'First answer one.' },
    { text: 'Answer to two.' },
    { text: 'Answer to the API’s two.' },
  ]);
  const branches = new Branches(page);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Message one');
  const status = page.locator('.conversation-header [data-status]');
  await expect(branches.row('First answer one.')).toBeVisible({ timeout: 30_000 });
  await expect(status).toHaveAttribute('data-status', 'finished');
  await page.getByLabel('Message to the agent').fill('Message two');
  await page.getByLabel('Message to the agent').press('Enter');
  await expect(branches.row('Answer to two.')).toBeVisible({ timeout: 30_000 });
  await expect(status).toHaveAttribute('data-status', 'finished');

  // Another client moves HEAD back to the first answer and asks something else from there.
  await page.goto('/');
  const events = (await server.events(id)) as unknown as (ServerEvent & { source?: string })[];
  const firstAnswer = events.find(
    (event) =>
      event.kind === 'MessageEvent' &&
      event.source === 'agent' &&
      JSON.stringify(event).includes('First answer one.'),
  )!;
  await server.api(`/api/conversations/${id}/navigate`, {
    method: 'POST',
    body: JSON.stringify({ event_id: firstAnswer.id }),
  });
  await server.api(`/api/conversations/${id}/events`, {
    method: 'POST',
    body: JSON.stringify({
      role: 'user',
      content: [{ type: 'text', text: 'Message two, by the API' }],
      run: true,
    }),
  });
  await expect
    .poll(async () => (await server.conversation(id)) as { execution_status?: string }, { timeout: 30_000 })
    .toMatchObject({ execution_status: 'finished' });

  await page.goto(`/conversations/${id}`);
  await expect(branches.row('Answer to the API’s two.')).toBeVisible({ timeout: 30_000 });
  expect(await branches.messages()).toEqual([
    'Message one',
    'First answer one.',
    'Message two, by the API',
    'Answer to the API’s two.',
  ]);
  await expect(branches.versions(branches.row('Message two, by the API'))).toHaveText('2 / 2');
  await expectActiveBranch(page, server, id);
});
