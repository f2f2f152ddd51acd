import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectEveryChangeCounted, WorkspacePanel } from './workspace';
import { Board } from './boarding';

// Deterministic screens: bundled fonts, fixed fixtures and time zone, no animations.

test('conversation list', async ({ page }) => {
  // Times in the list are relative to now: fix now.
  await page.clock.setFixedTime(new Date('2026-11-21T10:00:00Z'));
  const app = new Tether(page);
  await app.open();
  await expect(app.list.getByRole('link')).toHaveCount(20);
  await expect(page).toHaveScreenshot('conversation-list.png');
});

test('the board, light and dark', async ({ page }) => {
  // Within a day of the seeded runs, so that their newest events are looked into.
  await page.clock.setFixedTime(new Date('2026-11-21T10:00:00Z'));
  await page.setViewportSize({ width: 1440, height: 1100 });
  const app = new Tether(page);
  const board = new Board(page);
  await app.open('/board');
  await expect(board.column('Review').getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: 'need you' })).toBeVisible();
  await expect(page.locator('.board-columns')).toHaveScreenshot('board.png');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.board-columns')).toHaveScreenshot('board-dark.png');
});

test('a conversation with every kind of card', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 2600 });
  const app = new Tether(page);
  await app.openConversation(SEEDED.gallery);
  await app.showEveryStep();
  await expect(page.getByText('Beginning of the conversation')).toBeVisible();
  await expect(app.log.getByText('That was every card.', { exact: false })).toBeVisible();
  // The lazy parts are in: the edit's diff with its colours, the terminal's colours.
  await expect(
    page.getByRole('table', { name: 'Changes to /workspace/src/a.py' }).locator('.hljs-keyword').first(),
  ).toBeVisible();
  await expect(page.locator('.ansi-red-fg').first()).toBeVisible();
  await app.expectMessageActionsLoaded();
  await expect(page).toHaveScreenshot('every-card.png', { fullPage: true });
});

test('finished steps folded into one line each, the failed run and the answer open', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1100 });
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await expect(page.getByText('Beginning of the conversation')).toBeVisible();
  await expect(
    app.log.getByRole('button', { name: 'Ran 1 command · edited 1 file (2 steps)' }),
  ).toBeVisible();
  await app.expectMessageActionsLoaded();
  await expect(page.locator('.chat-scroll')).toHaveScreenshot('steps-folded.png');
});

test('the workspace panel: changed files and a side-by-side diff', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new Tether(page);
  const workspace = new WorkspacePanel(page);
  await app.open(`/conversations/${SEEDED.parser}?workspace=changes&path=parser.py`);
  await expectEveryChangeCounted(workspace.panel, 7);
  await workspace.panel.getByRole('button', { name: 'Side by side' }).click();
  await expect(workspace.diff('parser.py').locator('.hljs-keyword').first()).toBeVisible({ timeout: 30_000 });
  await expect(workspace.panel).toHaveScreenshot('workspace-changes.png');
});

test('a file edit waiting for approval, with its diff', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-21T10:00:00Z'));
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.setAgentTiming(1, 100);
  await app.askBeforeActions(SEEDED.parser);
  await app.send('Note the release date');
  await app.approve();
  const edit = app.card(/str_replace \/workspace\/README\.md/);
  await expect(edit).toContainText('Waiting for your approval');
  await expect(edit.getByRole('table', { name: 'Changes to /workspace/README.md' })).toBeVisible();
  await expect(edit).toHaveScreenshot('edit-card-pending.png');
});

test.describe('live states', () => {
  // Dates of new conversations come from the clock: fix it, and keep timers running.
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-21T10:00:00Z'));
  });

  async function runningConversation(app: Tether) {
    await app.open();
    await app.setAgentTiming(1, 600_000);
    await app.startConversation('Upgrade the dependencies');
    await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'running');
    await expect(app.streaming).toHaveCount(0);
  }

  test('running', async ({ page }) => {
    const app = new Tether(page);
    await runningConversation(app);
    await expect(page.locator('.conversation')).toHaveScreenshot('state-running.png');
  });

  test('stopping, then paused', async ({ page }) => {
    const app = new Tether(page);
    await runningConversation(app);
    // The server holds its answer to the stop until the stopping state is taken.
    await app.mock((m) => m.holdRequests(/\/(interrupt|pause)$/));
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(app.status).toHaveText('Stopping…');
    await expect(page.locator('.conversation')).toHaveScreenshot('state-stopping.png');
    await app.mock((m) => m.releaseRequests());
    await app.expectStatus('paused');
  });

  test('paused', async ({ page }) => {
    const app = new Tether(page);
    await runningConversation(app);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await app.expectStatus('paused');
    await expect(page.locator('.conversation')).toHaveScreenshot('state-paused.png');
  });

  test('reconnecting', async ({ page }) => {
    const app = new Tether(page);
    await runningConversation(app);
    await app.mock((m) => {
      m.refuseSockets = true;
      m.dropSockets();
    });
    await expect(page.getByText(/Connection to the agent-server lost/)).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('.conversation')).toHaveScreenshot('state-reconnecting.png', {
      mask: [page.locator('.countdown')],
    });
  });

  test('error after a server restart', async ({ page }) => {
    const app = new Tether(page);
    await runningConversation(app);
    await app.mock((m) => m.restart());
    await app.expectStatus('error');
    await expect(page.locator('[data-connection="open"]')).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('.conversation')).toHaveScreenshot('state-error.png');
  });
});

test.describe('dark theme and phone', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-21T10:00:00Z'));
  });

  test('every kind of card, dark', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('tether.theme', 'dark'));
    await page.setViewportSize({ width: 1280, height: 2600 });
    const app = new Tether(page);
    await app.openConversation(SEEDED.gallery);
    await app.showEveryStep();
    await expect(page.getByText('Beginning of the conversation')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Changes to /workspace/src/a.py' }).locator('.hljs-keyword').first(),
    ).toBeVisible();
    await expect(page.locator('.ansi-red-fg').first()).toBeVisible();
    await app.expectMessageActionsLoaded();
    await expect(page).toHaveScreenshot('every-card-dark.png', { fullPage: true });
  });

  test('the workspace panel, dark', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('tether.theme', 'dark'));
    await page.setViewportSize({ width: 1440, height: 900 });
    const app = new Tether(page);
    const workspace = new WorkspacePanel(page);
    await app.open(`/conversations/${SEEDED.parser}?workspace=changes&path=parser.py`);
    await expectEveryChangeCounted(workspace.panel, 7);
    await expect(workspace.diff('parser.py').locator('.hljs-keyword').first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(workspace.panel).toHaveScreenshot('workspace-changes-dark.png');
  });

  test('a conversation on a phone, light and dark, and its drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const app = new Tether(page);
    await app.openConversation(SEEDED.gallery);
    await expect(app.log.getByText('That was every card.', { exact: false })).toBeVisible();
    await app.expectMessageActionsLoaded();
    await expect(page).toHaveScreenshot('phone-conversation.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page).toHaveScreenshot('phone-conversation-dark.png');
    await page.getByRole('button', { name: 'Conversations' }).click();
    await expect(page.locator('#conversation-drawer')).toBeVisible();
    await expect(page).toHaveScreenshot('phone-drawer-dark.png');
  });
});
