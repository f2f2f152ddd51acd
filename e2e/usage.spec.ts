import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { closeTools, toolsButton } from './tools';
import { modelButton, openUsage, switchModel, usageButton, usageRow } from './usage';

// What a conversation costs, compacting its history, and the model for its next turns.

type Stats = {
  usage_to_metrics: Record<
    string,
    { accumulated_cost: number; accumulated_token_usage: Record<string, number> }
  >;
};

test('the tools menu counts tokens and cost live; the breakdown equals the server’s stats, with a context meter', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  await app.setAgentTiming(40, 400);
  const id = await app.startConversation('Count my tokens');
  // During the run the figure grows with each of the agent's requests.
  const usage = await usageButton(page);
  await expect(usage).toHaveAccessibleDescription(/^Usage: [\d.]+K? tokens, \$[\d.]+, context \d+% full$/);
  const during = await usage.textContent();
  await app.expectStatus('finished');
  await expect(usage).not.toHaveText(during!);

  const stats = (await app.mock(
    (server) => server.store.get(location.pathname.split('/').at(-1)!)!.info.stats,
  )) as Stats;
  const agent = stats.usage_to_metrics.agent!;
  const dialog = await openUsage(page);
  expect(await usageRow(dialog, /^Agent/)).toEqual({
    Prompt: agent.accumulated_token_usage.prompt_tokens,
    Completion: agent.accumulated_token_usage.completion_tokens,
    'Cache read': agent.accumulated_token_usage.cache_read_tokens,
    'Cache write': agent.accumulated_token_usage.cache_write_tokens,
    Reasoning: agent.accumulated_token_usage.reasoning_tokens,
    Cost: Number(agent.accumulated_cost.toFixed(4)),
  });
  const meter = dialog.getByRole('meter', { name: /^Context: the agent’s last request used/ });
  await expect(meter).toHaveAttribute('max', String(agent.accumulated_token_usage.context_window));
  await expect(meter).toHaveAttribute('value', String(agent.accumulated_token_usage.per_turn_token));
  await expectAccessible(page, 'the usage dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The menu closed when the dialog opened; focus is back on the menu's button.
  await expect(toolsButton(page)).toBeFocused();
  await app.expectStatus('finished');
  expect(id).toBeTruthy();
});

test('Compact: refused in words where the agent has no condenser; otherwise marked in the chat and counted', async ({
  page,
}) => {
  const app = new Tether(page);
  // Seeded conversations were made without a condenser, as old ones on a real server are.
  await app.openConversation(SEEDED.parser);
  let dialog = await openUsage(page);
  await expect(dialog.getByText(/cannot be compacted: its agent has no condenser/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Compact now' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A server that refuses anyway (the agent's condenser ignores requests) is explained alike.
  await app.open();
  await app.setAgentTiming(5, 50);
  await app.startConversation('Refused by the server');
  await app.expectStatus('finished');
  await app.mock((server) => server.failRequests('/condense', 1, 409));
  dialog = await openUsage(page);
  await dialog.getByRole('button', { name: 'Compact now' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/cannot be compacted: its agent has no condenser/);
  await page.keyboard.press('Escape');

  await app.open();
  await app.setAgentTiming(5, 50);
  await app.startConversation('Make a long history');
  await app.expectStatus('finished');
  dialog = await openUsage(page);
  await dialog.getByRole('button', { name: 'Compact now' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/^Asked\./);
  await expect(dialog.getByRole('rowheader', { name: /^Condenser/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const marker = app.log.getByText(
    /^History compacted: the agent now works from a summary of \d+ earlier events$/,
  );
  await expect(marker).toBeVisible();
  await marker.click();
  await expect(app.log.getByText(/^The user asked: “Make a long history”/)).toBeVisible();
});

test('switching the model: the tools menu and a line in the chat say so, the server gets it, a failure keeps the form', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  await app.setAgentTiming(5, 50);
  const id = await app.startConversation('Use another model next');
  await app.expectStatus('finished');
  await expect(await modelButton(page)).toHaveAccessibleDescription(
    'Model: openai/gpt-4o-mini. Switch the model',
  );

  await app.mock((server) => server.failRequests('switch_llm', 1, 500));
  let dialog = await switchModel(page, 'anthropic/claude-sonnet-4');
  await expect(dialog.getByRole('alert')).toHaveText(
    /^The model was not switched\. The agent-server answered 500/,
  );
  await expect(dialog.getByLabel('Model')).toHaveValue('anthropic/claude-sonnet-4');
  await expectAccessible(page, 'the model dialog with a failure');
  await dialog.getByRole('button', { name: 'Switch' }).click();
  await expect(dialog).toBeHidden();

  await expect(app.log.getByText('Model from here on: anthropic/claude-sonnet-4')).toBeVisible();
  const model = await modelButton(page);
  await expect(model).toHaveAccessibleDescription('Model: anthropic/claude-sonnet-4. Switch the model');
  await expect(model).toContainText('claude-sonnet-4');
  await closeTools(page);
  const sent = await app.mock((server) =>
    server.store.received.filter((r) => r.path.endsWith('/switch_llm')).map((r) => r.body),
  );
  expect(sent.at(-1)).toMatchObject({ llm: { model: 'anthropic/claude-sonnet-4', usage_id: 'agent' } });

  // The conversation's first model is in no event; from the second switch on, both are named.
  await switchModel(page, 'openai/gpt-4.1');
  await expect(
    app.log.getByText('Model switched from anthropic/claude-sonnet-4 to openai/gpt-4.1'),
  ).toBeVisible();

  // It stays after a reload (it is an event of the conversation), and the palette offers the switch.
  await app.openConversation(id);
  await expect(app.log.getByText('Model from here on: anthropic/claude-sonnet-4')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('switch the model');
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: 'Switch the model' });
  await expect(dialog.getByLabel('Model')).toHaveValue('openai/gpt-4.1');
});
