import { expect, test } from './test';
import { expectAccessible } from './axe';
import { SEEDED, Tether } from './app';
import { Board } from './boarding';
import { SEED_TIME } from '../mocks/fixtures';

// The board: every conversation of every server in columns of what it needs from the person,
// each card placed by the server's own status and, where that does not tell, by its newest events
// (read once per change, never a socket per card).

const HOUR = 60 * 60 * 1_000;

test('each conversation is in the column of what it needs, says why, and leaves Review once seen', async ({
  page,
}) => {
  // The seeded conversations changed within the last day: their events are looked into.
  await page.clock.install({ time: SEED_TIME + 2 * HOUR });
  // The installed app's badge, as the Badging API would set it.
  await page.addInitScript(() => {
    const badged = navigator as Navigator & { setAppBadge: unknown; clearAppBadge: unknown };
    badged.setAppBadge = async (count: number) =>
      void ((window as unknown as { badge: number }).badge = count);
    badged.clearAppBadge = async () => void ((window as unknown as { badge: number }).badge = 0);
  });
  const app = new Tether(page);
  const board = new Board(page);
  await app.open('/');
  await board.openWithKeys();
  await expect(page).toHaveURL(/\/board$/);

  // The server's own status, and the code of the error that stopped the run.
  const wrongKey = board.column('Needs you').getByRole('article', { name: 'Wrong LLM key' });
  await expect(wrongKey).toContainText('Its model refused the key');
  await expect(wrongKey.getByRole('link', { name: 'Fix the key' })).toHaveAttribute('href', /\?event=/);
  await expect(board.column('Idle').getByRole('article', { name: 'Slow test run, stopped' })).toContainText(
    'Paused',
  );
  // Its last run edited files and the person has not looked since.
  const parser = board.card('Fix header parsing');
  await expect(board.column('Review').getByRole('article', { name: 'Fix header parsing' })).toContainText(
    'Finished, with edited files to review',
  );
  await expect(parser).toHaveAccessibleDescription(/changed files with the file editor/);
  await expect(page).toHaveTitle('(2) Board — Tether');
  await expect.poll(() => page.evaluate(() => (window as unknown as { badge: number }).badge)).toBe(2);
  // Every card placed, and not one socket for them: statuses come from the list.
  await expect(page.getByRole('status').filter({ hasText: 'need you' })).not.toContainText('Reading');
  expect(await app.mock((server) => server.connectionsTo.legacy + server.connectionsTo.session)).toBe(0);
  await expectAccessible(page, 'the board');

  await parser.getByRole('button', { name: 'Mark seen' }).click();
  await expect(board.column('Done').getByRole('article', { name: 'Fix header parsing' })).toContainText(
    'Finished, seen',
  );

  // Opening a conversation is seeing it: back on the board, it is done.
  await board
    .card('Odd events and hostile output')
    .getByRole('link', { name: 'Odd events and hostile output' })
    .click();
  await expect(app.log).toBeVisible();
  // Off the board the icon counts what the inbox counts: approvals waiting elsewhere.
  const waiting = await app.mock(
    (server) =>
      [...server.store.conversations.values()].filter(
        (c) => c.info.execution_status === 'waiting_for_confirmation',
      ).length,
  );
  await expect.poll(() => page.evaluate(() => (window as unknown as { badge: number }).badge)).toBe(waiting);
  await page.goBack();
  await expect(
    board.column('Done').getByRole('article', { name: 'Odd events and hostile output' }),
  ).toContainText('Finished, seen');
  // Kept in this browser: a reload paints the same.
  await page.reload();
  await expect(board.column('Done').getByRole('article', { name: 'Fix header parsing' })).toBeVisible();
  await expect(board.column('Review').getByRole('article')).toHaveCount(1);
});

test('a run that waits is approved from its card, and one that asks something is opened at its question', async ({
  page,
}) => {
  const app = new Tether(page);
  const board = new Board(page);
  await app.openConversation(SEEDED.parser);
  await app.askBeforeActions(SEEDED.parser);
  await app.send('Tidy up');
  await app.expectStatus('waiting_for_confirmation');
  await app.runFromPalette('board of every', 'Open the board of every conversation');
  const waiting = board.column('Needs you').getByRole('article', { name: 'Fix header parsing' });
  await expect(waiting).toContainText('Waits for your approval');
  await expect(waiting).toContainText('approve: ls -la');
  await expect(page).toHaveTitle(/^\(\d+\) Board — Tether$/);
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await expect(board.column('Needs you').getByRole('article', { name: 'Fix header parsing' })).toHaveCount(
    0,
    {
      timeout: 20_000,
    },
  );

  // Another client's run ends with a question to the person.
  const questionId = await app.mock((server) => {
    const conversation = server.store.get('3f1c2a4e-0000-4000-8000-000000000002')!;
    const asked = server.store.append(conversation, {
      kind: 'MessageEvent',
      id: 'board-question-1',
      timestamp: new Date().toISOString(),
      source: 'agent',
      llm_message: {
        role: 'assistant',
        content: [{ type: 'text', text: 'Shall I also update the changelog?' }],
      },
    } as never);
    return asked.id;
  });
  await page.reload();
  const asking = board.column('Needs you').getByRole('article', { name: 'What changed recently?' });
  await expect(asking).toContainText('Asked you something');
  await asking.getByRole('link', { name: 'Open at this event' }).click();
  await expect(page).toHaveURL(new RegExp(`${SEEDED.parallel}\\?event=${questionId}`));
  await expect(app.log.getByText('Shall I also update the changelog?')).toBeVisible();
});

test('a run stopped at its step limit goes on from its card, for another run’s limit', async ({ page }) => {
  const app = new Tether(page);
  const board = new Board(page);
  await app.open('/');
  await app.mock((server) => {
    const conversation = server.store.get('3f1c2a4e-0000-4000-8000-000000000003')!;
    server.store.append(conversation, {
      kind: 'ConversationErrorEvent',
      id: 'board-limit-1',
      timestamp: new Date().toISOString(),
      source: 'environment',
      code: 'MaxIterationsReached',
      detail: 'Agent reached maximum iterations limit (50).',
    } as never);
    server.store.setStatus(conversation, 'error');
  });
  await board.openWithKeys();
  const stopped = board.column('Needs you').getByRole('article', { name: 'Build after a crash' });
  await expect(stopped).toContainText('Stopped at its step limit');
  await expect(stopped).toHaveAccessibleDescription(/raise the limit or fix the key/);
  await stopped.getByRole('button', { name: 'Continue: another run’s limit' }).click();
  await expect(board.column('Needs you').getByRole('article', { name: 'Build after a crash' })).toHaveCount(
    0,
    {
      timeout: 20_000,
    },
  );
  expect(
    await app.mock(
      (server) => server.store.get('3f1c2a4e-0000-4000-8000-000000000003')!.info.execution_status,
    ),
  ).not.toBe('error');
});

test('a run going on shows how long it has run, and stops from its card', async ({ page }) => {
  const app = new Tether(page);
  const board = new Board(page);
  await app.openConversation(SEEDED.parser);
  await app.setAgentTiming(40, 60_000);
  await app.send('Tidy up');
  await app.expectStatus('running');
  await board.openWithKeys();
  const running = board.column('Working').getByRole('article', { name: 'Fix header parsing' });
  await expect(running).toContainText(/running for \d+ sec/);
  await running.getByRole('button', { name: 'Stop' }).click();
  await expect(board.column('Working').getByRole('article')).toHaveCount(0, { timeout: 20_000 });
});

test('a server that cannot be read is said, and the others’ cards are placed', async ({ page }) => {
  const app = new Tether(page);
  const board = new Board(page);
  await app.open('/');
  await app.addServer({ name: 'Workstation', url: 'http://second-mock-agent-server.localhost' });
  await app.closeServers();
  await page.evaluate(() => window.__tetherSecondMock!.setDown(true));
  await board.openWithKeys();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Workstation: its conversations could not be read' }),
  ).toBeVisible();
  await expect(board.column('Needs you').getByRole('article', { name: 'Wrong LLM key' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'need you' })).not.toContainText(
    'Reading every server',
  );
  await expectAccessible(page, 'the board with a server down');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the board is one list, grouped by column', async ({ page }) => {
    await page.clock.install({ time: SEED_TIME + 2 * HOUR });
    const app = new Tether(page);
    const board = new Board(page);
    await app.open('/board');
    await expect(board.column('Needs you').getByRole('article').first()).toBeVisible();
    const boxes = await Promise.all(
      (['Needs you', 'Working', 'Review', 'Done', 'Idle'] as const).map((name) =>
        board.column(name).boundingBox(),
      ),
    );
    for (const [index, box] of boxes.entries()) {
      expect(box!.width).toBeGreaterThan(330);
      if (index > 0) expect(box!.y).toBeGreaterThan(boxes[index - 1]!.y);
    }
    await expectAccessible(page, 'the board on a phone');
  });
});
