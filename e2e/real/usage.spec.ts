import { openUsage, switchModel, usageRow } from '../usage';
import { openConnected, expect, expectRowsMatch, startConversation, test } from './fixtures';
import type { AgentServer } from './agentServer';

// Usage, compacting and the model switch against the real server: the figures on screen are
// the server's, a compaction is the server's condensation, and after a switch the next request
// reaches the scripted LLM under the new model's name.

type Metrics = {
  accumulated_cost: number;
  accumulated_token_usage: Record<string, number>;
};

async function serverMetrics(server: AgentServer, id: string): Promise<Record<string, Metrics>> {
  const info = await server.api<{ stats?: { usage_to_metrics?: Record<string, Metrics> } }>(
    `/api/conversations/${id}`,
  );
  return info.stats?.usage_to_metrics ?? {};
}

const WORDS: Record<string, RegExp> = { agent: /^Agent/, condenser: /^Condenser/ };

/** Every LLM row of the usage dialog holds the server's accumulated figures for it. */
async function expectUsageEqualsServer(
  page: Parameters<typeof openUsage>[0],
  server: AgentServer,
  id: string,
) {
  const metrics = await serverMetrics(server, id);
  expect(Object.keys(metrics).length).toBeGreaterThan(0);
  const dialog = await openUsage(page);
  for (const [usageId, { accumulated_token_usage: tokens, accumulated_cost: cost }] of Object.entries(
    metrics,
  )) {
    await expect
      .poll(() => usageRow(dialog, WORDS[usageId] ?? usageId), { message: usageId })
      .toEqual({
        Prompt: tokens.prompt_tokens,
        Completion: tokens.completion_tokens,
        'Cache read': tokens.cache_read_tokens,
        'Cache write': tokens.cache_write_tokens,
        Reasoning: tokens.reasoning_tokens,
        Cost: cost,
      });
  }
  return dialog;
}

test('usage equals the server’s stats; Compact makes the server condense, marked in the chat', async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([
    { text: 'Looking.', toolCalls: [{ name: 'terminal', arguments: { command: 'echo counted' } }] },
    { text: 'Counted and done.' },
  ]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Count what this costs');
  await expect(page.getByRole('log').getByText('Counted and done.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.conversation-header [data-status]')).toHaveAttribute('data-status', 'finished');
  const dialog = await expectUsageEqualsServer(page, server, id);

  // Tether's conversations have a summarising condenser, so the server accepts the request.
  await dialog.getByRole('button', { name: 'Compact now' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/^Asked\./);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByRole('log').getByText(/^History compacted: the agent now works from a summary/),
  ).toBeVisible({
    timeout: 30_000,
  });
  const events = await server.events(id);
  expect(events.map((event) => event.kind)).toContain('Condensation');
  await expectRowsMatch(page, server, id);
  // The condenser's own request is counted apart.
  await page.reload();
  await expect(page.getByRole('log').getByText(/^History compacted/)).toBeVisible({ timeout: 30_000 });
  const after = await expectUsageEqualsServer(page, server, id);
  await expect(after.getByRole('rowheader', { name: /^Condenser/ })).toBeVisible();
  // The condenser called the model with the key the server keeps, as the agent did.
  // (Tether's reachability check of the base URL is no model call: it carries no key.)
  const calls = llm.requests.filter((request) => Array.isArray(request.body.messages));
  expect(new Set(calls.map((request) => request.authorization))).toEqual(new Set(['Bearer sk-scripted']));
});

test('after a model switch the next request goes to the new model, a line marks it, usage stays the server’s', async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([{ text: 'First model here.' }, { text: 'Second model here.' }]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Start on one model');
  await expect(page.getByRole('log').getByText('First model here.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.conversation-header [data-status]')).toHaveAttribute('data-status', 'finished');

  // The form offers the conversation's base URL and the key this browser keeps.
  const dialog = await switchModel(page, 'openai/second-model');
  await expect(dialog).toBeHidden();
  // The start named the kept key by a switch to the same model: this one names what it replaced.
  await expect(
    page.getByRole('log').getByText('Model switched from openai/scripted-model to openai/second-model'),
  ).toBeVisible({
    timeout: 30_000,
  });
  const agentRequests = () =>
    llm.requests.filter((request) => Array.isArray(request.body.tools) && request.body.tools.length);
  const before = agentRequests().length;

  await page.getByLabel('Message to the agent').fill('Now answer on the other model');
  await page.getByLabel('Message to the agent').press('Enter');
  await expect(page.getByRole('log').getByText('Second model here.')).toBeVisible({ timeout: 30_000 });
  const after = agentRequests().slice(before);
  expect(after.length).toBeGreaterThan(0);
  expect(after.map((request) => request.body.model)).toEqual(after.map(() => 'second-model'));
  // No key typed in the switch: the one the server keeps went by reference, and reached the model.
  expect(after.map((request) => request.authorization)).toEqual(after.map(() => 'Bearer sk-scripted'));
  await expect(page.locator('.conversation-header [data-status]')).toHaveAttribute('data-status', 'finished');
  await expectRowsMatch(page, server, id);
  // The server sends no `stats` update after a switch: the info read when the run settles has them.
  await expectUsageEqualsServer(page, server, id);
});

test('a conversation made without a condenser is not offered Compact, and says why', async ({
  page,
  server,
  llm,
}) => {
  const created = await server.api<{ id: string }>('/api/conversations', {
    method: 'POST',
    body: JSON.stringify({
      agent: { kind: 'Agent', llm: { model: 'openai/scripted-model', base_url: llm.url, usage_id: 'agent' } },
      workspace: { working_dir: '/tmp/tether-no-condenser' },
    }),
  });
  await openConnected(page, server);
  await page.goto(`/conversations/${created.id}`);
  const dialog = await openUsage(page);
  await expect(dialog.getByText('No LLM request has been counted yet.')).toBeVisible();
  // (1.57 would answer a request with a 500 the browser cannot read: the button is not offered.)
  await expect(dialog.getByText(/cannot be compacted: its agent has no condenser/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Compact now' })).toHaveCount(0);
});
