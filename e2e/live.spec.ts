import { expect, test } from './test';
import { SEEDED, Tether } from './app';

// Live journeys against the mock agent-server's scripted agent (MSW WebSocket).

test.describe('a live run', () => {
  test('streams reasoning and text, runs a tool, edits a file and answers', async ({ page }) => {
    const app = new Tether(page);
    await app.open();
    await app.setAgentTiming(120, 1500);
    const id = await app.startConversation('Add a changelog entry');
    // Every step stays open, so that each card can be seen finishing.
    await app.showEveryStep();
    // Deltas are never replayed: the bubble shows what streams after the socket attached.
    await expect(app.streaming).toContainText(/\w+ \w+/);
    await app.expectStatus('running');
    const terminal = app.card(/ls -la/);
    // Running, with its spinner, seen in one look: the tool may end right after a first look
    // (a loaded CI run saw "running", and the spinner was gone by the next check).
    await expect(
      page
        .locator('[data-tool-call-id][data-state="running"]')
        .filter({ hasText: /ls -la/ })
        .locator('.spinner'),
    ).toBeVisible();
    await expect(terminal).toHaveAttribute('data-state', 'done');
    await expect(app.card(/str_replace \/workspace\/README\.md/)).toHaveAttribute('data-state', 'done', {
      timeout: 15_000,
    });
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 15_000 });
    await app.expectStatus('finished');
    await expect(app.streaming).toHaveCount(0);
    await app.expectNothingRunning();
    await app.expectRowsMatchServer(id);
  });

  test('Stop mid-stream: stopping at once, paused, nothing of the stopped turn afterwards; Continue', async ({
    page,
  }) => {
    const app = new Tether(page);
    // The page's clock (the mock agent's too) is the test's, so "however long we wait" is real.
    await page.clock.install();
    await app.open();
    await app.setAgentTiming(250, 1000);
    const id = await app.startConversation('Refactor the parser');
    // (The socket attaches after the first history page: the stream may be seen from its middle.)
    await expect(app.streaming).toContainText(/\w+ \w+/);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(app.status).toHaveText(/Stopping…|Paused/, { timeout: 1000 });
    await app.expectStatus('paused');
    await expect(app.streaming).toHaveCount(0);
    await expect(app.log.getByText('Stopped', { exact: true })).toBeVisible();
    // The cancelled turn's text never lands in the history, however long we wait.
    await page.clock.runFor(30_000);
    await expect(app.log.getByText('I should look at the workspace')).toHaveCount(0);
    await expect(app.streaming).toHaveCount(0);
    expect(await app.mock((m) => m.store.received.some((r) => r.path.endsWith('/interrupt')))).toBe(true);

    await app.setAgentTiming(10, 200);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 15_000 });
    await app.expectStatus('finished');
    await app.expectRowsMatchServer(id);
  });

  test('Esc stops a run in a tool; the cut-off call shows interrupted', async ({ page }) => {
    const app = new Tether(page);
    await app.open();
    await app.setAgentTiming(5, 60_000);
    await app.startConversation('Run the slow suite');
    await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'running');
    await app.scroller.focus();
    await page.keyboard.press('Escape');
    await app.expectStatus('paused');
    await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'interrupted');
    await app.expectNothingRunning();
    // It says what happened once: the header's word, then the server's sentence.
    await expect(app.card(/ls -la/).getByText('Interrupted', { exact: true })).toHaveCount(1);
    await expect(app.card(/ls -la/)).toContainText('Tool call interrupted before completion.');
  });

  test('a message sent while the agent runs is queued, delivered and answered (seed 000)', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.open();
    // Slow enough that the message stays unread for a few seconds, even on a loaded machine.
    await app.setAgentTiming(150, 4000);
    const id = await app.startConversation('Update the docs');
    await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'running');
    await app.composer.fill('Also mention the new flag');
    await app.composer.press('Enter');
    await expect(app.composer).toHaveValue('');
    const row = app.log.locator('.from-user').filter({ hasText: 'Also mention the new flag' });
    await expect(row).toContainText('Queued');
    const sent = await app.mock((m) => m.store.received.filter((r) => r.path.endsWith('/events')).length);
    expect(sent, 'sent over the socket, not REST').toBe(0);
    await app.setAgentTiming(10, 300);
    await expect(app.log.getByText('About your message “Also mention the new flag”')).toBeVisible({
      timeout: 20_000,
    });
    await expect(row).not.toContainText('Queued');
    await app.expectStatus('finished');
    await app.expectRowsMatchServer(id);
  });

  test('sends over REST with run:true when the socket is down, and keeps the draft across a reload', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.parser);
    await app.composer.fill('A draft I have not sent');
    await page.reload();
    await expect(app.composer).toHaveValue('A draft I have not sent');
    await app.mock((m) => {
      m.refuseSockets = true;
      m.dropSockets();
    });
    await expect(page.locator('[data-connection="reconnecting"]')).toBeVisible();
    await app.setAgentTiming(5, 50);
    await app.composer.press('Enter');
    await expect(
      app.log.locator('.chat-row.from-user').filter({ hasText: 'A draft I have not sent' }),
    ).toBeVisible({ timeout: 10_000 });
    const sent = await app.mock((m) =>
      m.store.received.filter((r) => r.path.endsWith('/events')).map((r) => r.body),
    );
    expect(sent).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'A draft I have not sent' }], run: true },
    ]);
    await app.mock((m) => (m.refuseSockets = false));
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 20_000 });
    await page.reload();
    await expect(app.composer).toHaveValue('');
  });

  test('a message that cannot be delivered says so and can be retried', async ({ page }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.parser);
    await app.mock((m) => {
      m.refuseSockets = true;
      m.dropSockets();
      m.store.sessionApiKeys = ['a-key-the-app-does-not-have'];
    });
    await app.composer.fill('Please try again later');
    await app.composer.press('Enter');
    const bubble = page.locator('[data-pending-state="failed"]');
    await expect(bubble).toContainText('Not delivered: The agent-server rejected the session API key.');
    await app.mock((m) => {
      m.store.sessionApiKeys = [];
      m.refuseSockets = false;
    });
    await app.setAgentTiming(5, 50);
    await bubble.getByRole('button', { name: 'Retry' }).click();
    await expect(bubble).toHaveCount(0);
    await expect(
      app.log.locator('.chat-row.from-user').filter({ hasText: 'Please try again later' }),
    ).toHaveCount(1);
  });
});

test.describe('staying connected', () => {
  test('a reload mid-run shows the history, then the live run, with no duplicate and no gap', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.open();
    await app.setAgentTiming(20, 4000);
    const id = await app.startConversation('Write the release notes');
    await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'running');
    await page.reload();
    await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'running');
    await app.expectStatus('running');
    await app.setAgentTiming(20, 300);
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 20_000 });
    await app.expectStatus('finished');
    await app.expectRowsMatchServer(id);
  });

  test('a socket dropped mid-run reconnects and fills the gap', async ({ page }) => {
    const app = new Tether(page);
    await app.open();
    await app.setAgentTiming(40, 800);
    const id = await app.startConversation('Tidy the imports');
    // Unfolded, the card stays once its step is done. Folded, it was on screen for about its
    // 800 ms step, and expect polls a second apart after its first few tries: a loaded run
    // missed it.
    await app.showEveryStep();
    await expect(app.card(/ls -la/)).toBeVisible();
    const before = await app.mock((m) => m.socketConnections);
    // Down for a while: events keep being persisted meanwhile.
    await app.mock((m) => {
      m.refuseSockets = true;
      m.dropSockets();
    });
    await expect(
      page.getByText(/Connection to the agent-server lost. Reconnecting \(attempt \d+\)/),
    ).toBeVisible({ timeout: 10_000 });
    await app.mock((m) => (m.refuseSockets = false));
    await expect(page.locator('[data-connection="open"]')).toBeVisible({ timeout: 15_000 });
    expect(await app.mock((m) => m.socketConnections)).toBeGreaterThan(before + 1);
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 20_000 });
    await app.expectStatus('finished');
    await app.expectRowsMatchServer(id);
  });

  test('a durable frame the server never sent is noticed at the next one and read from the server', async ({
    page,
  }) => {
    const app = new Tether(page);
    await app.open();
    await app.setAgentTiming(20, 400);
    // The first action of the run is persisted but reaches no socket, as an event the server
    // published before persisting it does.
    await app.mock((m) => m.dropNextDurable('ActionEvent'));
    const id = await app.startConversation('Sort the changelog');
    await app.showEveryStep();
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 20_000 });
    await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'done');
    await app.expectStatus('finished');
    await app.expectRowsMatchServer(id);
  });

  test('losing the network shows offline, and coming back reconnects at once', async ({ page, context }) => {
    const app = new Tether(page);
    await page.clock.install();
    await app.open();
    await app.setAgentTiming(40, 1500);
    const id = await app.startConversation('Check the links');
    await expect(app.card(/ls -la/)).toBeVisible();
    await context.setOffline(true);
    await app.mock((m) => m.dropSockets());
    await expect(page.getByText('You are offline.')).toBeVisible();
    // Long enough offline for the backoff to have grown to its longest wait.
    await page.clock.runFor(30_000);
    await context.setOffline(false);
    await expect(page.locator('[data-connection="open"]')).toBeVisible({ timeout: 3000 });
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 20_000 });
    await app.expectRowsMatchServer(id);
  });

  test('a rejected key (4001) is shown and not retried', async ({ page }) => {
    const app = new Tether(page);
    await page.clock.install();
    await app.openConversation(SEEDED.parser);
    await expect(page.locator('[data-connection="open"]')).toBeVisible();
    await app.mock((m) => m.rejectKey());
    await expect(page.locator('[data-connection="key-rejected"]')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'rejected the session API key (4001)' }),
    ).toBeVisible();
    const attempts = await app.mock((m) => m.socketConnections);
    // A minute passes at once, with every retry the socket would schedule.
    await page.clock.runFor(60_000);
    expect(await app.mock((m) => m.socketConnections)).toBe(attempts);
    await app.composer.fill('Hello?');
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(page.getByText('The session API key was rejected. Fix it under Servers.')).toBeVisible();
  });

  test('a server restart mid-tool settles the call as cut off and offers Continue', async ({ page }) => {
    const app = new Tether(page);
    await app.open();
    await app.setAgentTiming(5, 60_000);
    await app.startConversation('Build everything');
    await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'running');
    await app.mock((m) => m.restart());
    await app.expectStatus('error');
    await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'interrupted');
    await expect(app.card(/ls -la/)).toContainText('Interrupted by a server restart');
    await app.expectNothingRunning();
    await app.setAgentTiming(5, 100);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(app.log.getByText('Done. I looked at the workspace')).toBeVisible({ timeout: 20_000 });
  });
});

test.describe('confirmation mode', () => {
  test('pending actions wait for approval; approve runs one, reject ends the run', async ({ page }) => {
    const app = new Tether(page);
    await app.openConversation(SEEDED.parser);
    await app.showEveryStep();
    await app.setAgentTiming(5, 100);
    await app.askBeforeActions(SEEDED.parser);
    await app.send('Clean up the build folder');
    await app.expectStatus('waiting_for_confirmation');
    const list = app.card(/ls -la/);
    await expect(list).toContainText('Waiting for your approval');
    await expect(page.getByText('Approve or reject the pending actions first.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await page
      .getByRole('group', { name: 'Pending actions' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect(list).toHaveAttribute('data-state', 'done');
    const edit = app.card(/str_replace \/workspace\/README\.md/);
    await expect(edit).toContainText('Waiting for your approval');
    await app.reject('Leave the README as it is.');
    await expect(edit).toHaveAttribute('data-state', 'rejected');
    // The agent received the person's reason with the rejection.
    await expect(edit).toContainText('Leave the README as it is.');
    await app.expectStatus('idle');
    await app.expectNothingRunning();
    await app.setApproval('Never ask');
    await expect
      .poll(() =>
        app.mock((m) => m.store.get('3f1c2a4e-0000-4000-8000-000000000001')!.info.confirmation_policy?.kind),
      )
      .toBe('NeverConfirm');
  });
});
