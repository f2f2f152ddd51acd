import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { Branches } from './branches';
import { exportAs } from './exporting';
import { BLUE_SQUARE_PNG, pasteFiles } from './clipboard';

// A conversation is a tree: the screen shows the branch HEAD ends, and a person edits, answers
// again, switches and forks.

const FIRST = 'Write a greeting function in greet.py';
const ANSWER = 'Done: greet() in greet.py returns "Hello".';

test('a conversation branched elsewhere opens on its active branch; the versions switch it', async ({
  page,
}) => {
  const app = new Tether(page);
  const branches = new Branches(page);
  await app.openConversation(SEEDED.branched);
  // HEAD was moved back to the Spanish request's first answer: the newest event is not shown.
  await expect(branches.row('¡Hola!')).toBeVisible();
  expect(await branches.messages()).toEqual([
    FIRST,
    ANSWER,
    'Make it say hello in Spanish',
    '¡Hola! greet() now answers in Spanish.',
  ]);
  const request = branches.row('Make it say hello in Spanish');
  await expect(branches.versions(request)).toHaveText('2 / 2');
  await expect(branches.versions(branches.row('¡Hola!'))).toHaveText('1 / 2');

  await branches.previous(request);
  await expect(branches.row('Bonjour')).toBeVisible();
  expect(await branches.messages()).toEqual([
    FIRST,
    ANSWER,
    'Make it say hello in French',
    'Bonjour ! greet() now answers in French.',
  ]);
  await expect(branches.versions(branches.row('Make it say hello in French'))).toHaveText('1 / 2');
  // The server's HEAD moved: a reload opens the same branch.
  const moved = await app.mock((m) => m.store.received.filter((r) => r.path.endsWith('/navigate')).length);
  expect(moved).toBe(1);
  await page.reload();
  await expect(branches.row('Bonjour')).toBeVisible();
  await expect(branches.row('Spanish')).toHaveCount(0);

  // Forward again: the Spanish request's newest answer.
  await branches.next(branches.row('Make it say hello in French'));
  await expect(branches.row('Hola, then')).toBeVisible();
  await expect(branches.versions(branches.row('Hola, then'))).toHaveText('2 / 2');
  await expect(branches.row('Bonjour')).toHaveCount(0);
});

test('Edit sends the new words as a branch from the message before; the earlier one stays reachable', async ({
  page,
}) => {
  const app = new Tether(page);
  const branches = new Branches(page);
  await app.openConversation(SEEDED.branched);
  await app.setAgentTiming(5, 50);
  const request = branches.row('Make it say hello in Spanish');
  await request.hover();
  await request.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Edited message' })).toHaveValue(
    'Make it say hello in Spanish',
  );
  await expect(page.getByText('Files in the workspace are not rewound.')).toBeVisible();
  await expectAccessible(page, 'editing a message');
  // Esc leaves the editor and keeps the message as it was.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Edited message' })).toHaveCount(0);

  await branches.edit(request, 'Make it say hello in German');
  const german = branches.request('Make it say hello in German');
  await expect(german).toBeVisible();
  await app.expectStatus('finished');
  await expect(branches.versions(german)).toHaveText('3 / 3');
  await expect(branches.row('Spanish')).toHaveCount(0);
  const [navigate, sent] = await app.mock((m) => [
    m.store.received.filter((r) => r.path.endsWith('/navigate')).at(-1)?.body,
    m.store
      .get('3f1c2a4e-0000-4000-8000-000000000010')!
      .events.findLast((e) => e.kind === 'MessageEvent' && (e as { source?: string }).source === 'user'),
  ]);
  // HEAD went to the message before the edited one; the new message grew from there.
  expect((navigate as { event_id: string }).event_id).toBe(
    (sent as unknown as { parent_id: string }).parent_id,
  );
  await branches.previous(german);
  await expect(branches.row('Make it say hello in Spanish')).toBeVisible();
  await expect(branches.row('German')).toHaveCount(0);
});

test('Regenerate asks the last request again and shows the new answer, the first one a click away', async ({
  page,
}) => {
  const app = new Tether(page);
  const branches = new Branches(page);
  await app.openConversation(SEEDED.branched);
  await app.setAgentTiming(5, 50);
  await expect(branches.row('¡Hola!')).toBeVisible();
  await branches.regenerate();
  await app.expectStatus('finished');
  await expect(branches.row('¡Hola!')).toHaveCount(0);
  await expect(branches.row(/Done\. I looked at the workspace/)).toBeVisible();
  // The request is asked again beside itself: the third version of the second message.
  const request = branches.row('Make it say hello in Spanish');
  await expect(branches.versions(request)).toHaveText('3 / 3');
  // Back to the request as first asked, and its newest answer.
  await branches.previous(request);
  await expect(branches.row('Hola, then')).toBeVisible();
});

test('Fork from a message opens a new conversation holding the branch up to it', async ({ page }) => {
  const app = new Tether(page);
  const branches = new Branches(page);
  await app.openConversation(SEEDED.branched);
  await branches.forkFrom(branches.row(ANSWER));
  await expect(page).not.toHaveURL(new RegExp(SEEDED.branched));
  await expect(app.heading).toHaveText('Greeting, tried two ways (fork)');
  await expect(branches.row(ANSWER)).toBeVisible();
  expect(await branches.messages()).toEqual([FIRST, ANSWER]);
  await expect(app.composer).toBeFocused();
  // The source is as it was.
  await app.openConversation(SEEDED.branched);
  await expect(branches.row('¡Hola!')).toBeVisible();
});

test('switching versions waits while the agent works, and says why', async ({ page }) => {
  const app = new Tether(page);
  const branches = new Branches(page);
  await app.openConversation(SEEDED.branched);
  await app.setAgentTiming(40, 60_000);
  await app.send('Add a test for it');
  await app.expectStatus('running');
  const request = branches.row('Make it say hello in Spanish');
  const previous = request.getByRole('button', { name: 'Previous version' });
  await expect(previous).toBeDisabled();
  await expect(previous).toHaveAttribute('title', /Wait until the agent stops/);
  await expect(request.getByRole('button', { name: 'Edit', exact: true })).toBeDisabled();
  // Under an answer, Regenerate looks as disabled as it is.
  const regenerate = app.log.locator('.chat-row.turn').getByRole('button', { name: 'Regenerate' }).first();
  await expect(regenerate).toBeDisabled();
  await expect(regenerate).toHaveCSS('cursor', 'not-allowed');
  expect(Number(await regenerate.evaluate((button) => getComputedStyle(button).opacity))).toBeLessThan(0.6);
});

test('find and the Markdown export see the active branch only', async ({ page }) => {
  const app = new Tether(page);
  const branches = new Branches(page);
  await app.openConversation(SEEDED.branched);
  await expect(branches.row('¡Hola!')).toBeVisible();
  await app.scroller.focus();
  await page.keyboard.press('ControlOrMeta+f');
  const find = page.getByRole('searchbox', { name: 'Find in the conversation' });
  await find.fill('French');
  await expect(page.locator('#find-count')).toHaveText('No matches');
  await find.fill('Spanish');
  await expect(page.locator('#find-count')).toHaveText('1 of 2');
  await page.keyboard.press('Escape');

  const markdown = await exportAs(page, 'Markdown');
  expect(markdown.text).toContain('Make it say hello in Spanish');
  expect(markdown.text).toContain('now answers in Spanish');
  expect(markdown.text).not.toContain('French');
  expect(markdown.text).not.toContain('Hola, then');
});

test('an edited message keeps its image: the new version carries it to the server', async ({ page }) => {
  const app = new Tether(page);
  const branches = new Branches(page);
  await app.openConversation(SEEDED.branched);
  await app.setAgentTiming(5, 50);
  await app.composer.fill('What colour is this?');
  await pasteFiles(page, [{ name: 'square.png', type: 'image/png', base64: BLUE_SQUARE_PNG }]);
  await page.getByRole('button', { name: 'Send' }).click();
  // The mock agent quotes the request in its answer: the person's own message is the one meant.
  const mine = (text: string) =>
    app.log.locator('.chat-row.from-user[data-event-id]').filter({ hasText: text });
  const asked = mine('What colour is this?');
  await expect(asked.getByRole('img')).toHaveCount(1);
  await app.expectStatus('finished');

  await asked.hover();
  await asked.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByText('Its image goes with it.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Edited message' }).fill('What shape is this?');
  await page.getByRole('button', { name: 'Send edited message' }).click();
  const edited = mine('What shape is this?');
  await expect(edited.getByRole('img')).toHaveCount(1);
  await expect(branches.versions(edited)).toHaveText('2 / 2');
  const persisted = await app.mock((m) =>
    m.store
      .get('3f1c2a4e-0000-4000-8000-000000000010')!
      .events.filter((e) => e.kind === 'MessageEvent' && e.source === 'user')
      .at(-1),
  );
  expect(JSON.stringify(persisted)).toContain('What shape is this?');
  expect(JSON.stringify(persisted)).toContain(BLUE_SQUARE_PNG.slice(0, 40));
});
