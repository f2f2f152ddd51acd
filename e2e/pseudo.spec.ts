import { expect, test, type Page } from './test';
import { inEveryLanguage, SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { expectAllTranslated, runPseudoCommand, speakPseudo } from './pseudo';
import { expectEveryChangeCounted } from './workspace';

// Issue 21: nothing left in English by accident. In the pseudo-locale every word Tether says is
// accented, longer and bracketed, so whatever still reads as plain English was never translated
// (the agent's and the person's words, and names, excepted). Each screen and state is visited as
// a person reaches it, by the names the pseudo-locale gives things.

test.beforeEach(async ({ page }) => speakPseudo(page));

const named = (id: string) => ({ name: inEveryLanguage(id) });

/** Esc until no dialog is open (a form inside one is left first). */
async function closeDialog(page: Page) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 500 });
  }).toPass();
}

test('the home screen, its settings, palette, shortcuts and the servers’ dialogs', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expectAllTranslated(page, 'the home screen');

  await app.openSettings();
  await expectAllTranslated(page, 'the header’s settings');
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', named('palette.input'))).toBeFocused();
  await expectAllTranslated(page, 'the command palette');
  await page.getByRole('combobox', named('palette.input')).fill('zzzz');
  await expectAllTranslated(page, 'the palette with nothing matching');
  await closeDialog(page);

  // Search over every kept conversation.
  await runPseudoCommand(page, 'Šéåŕçĥ åļļ');
  await expect(page.getByRole('searchbox', named('search.label'))).toBeFocused();
  await page.getByRole('searchbox', named('search.label')).fill('header');
  await expect(page.locator('.search-count')).not.toBeEmpty();
  await expectAllTranslated(page, 'the search page');

  await runPseudoCommand(page, 'Ķéýƀöåŕð šĥöŕţçûţš');
  await expect(page.getByRole('dialog', named('shortcuts.title'))).toBeVisible();
  await expectAllTranslated(page, 'the shortcuts sheet');
  await closeDialog(page);

  await page.getByRole('banner').getByRole('button', named('serverPanel.servers')).click();
  await expect(page.getByRole('dialog', named('servers.title'))).toBeVisible();
  await expectAllTranslated(page, 'the Servers dialog');
  await page.getByRole('button', named('servers.add')).click();
  await expectAllTranslated(page, 'the form that adds a server');
  await closeDialog(page);

  // A "Plan first" conversation and its plan.
  await app.setAgentTiming(5, 50);
  await page.getByRole('link', named('shell.newConversation')).click();
  await page.getByRole('checkbox', named('planFirst.first')).check();
  await page.getByRole('textbox', named('newConversation.task')).fill('Plan a changelog');
  await page.getByRole('button', named('newConversation.start')).click();
  await expect(page.getByRole('button', named('planFirst.approve'))).toBeEnabled({ timeout: 20_000 });
  await expectAllTranslated(page, 'a plan to approve');
  // Its second opinion: asked, and answered beside the plan.
  await page.getByRole('button', named('planFirst.secondOpinion')).click();
  await expectAllTranslated(page, 'asking for a second opinion');
  await page.getByRole('textbox', named('planFirst.opinionModel')).fill('openai/gpt-4o');
  await page.getByRole('button', named('planFirst.askOpinion')).click();
  await expect(page.getByRole('document', named('planFirst.opinion'))).toBeVisible({ timeout: 20_000 });
  await expectAllTranslated(page, 'a plan with its second opinion');

  // A conversation's next turn planned first: the ask, the plan in its child, the word on it.
  await app.openConversation(SEEDED.parser);
  await runPseudoCommand(page, 'Þļåñ ţĥé ñéẋţ ţûŕñ');
  await expect(page.getByRole('dialog', named('planFirst.nextTitle'))).toBeVisible();
  await expectAllTranslated(page, 'planning the next turn first');
  await page.getByRole('textbox', named('planFirst.nextLabel')).fill('Åðð å çĥåñĝéļöĝ');
  await page.getByRole('button', named('planFirst.startPlanning')).click();
  await expect(page.getByRole('button', named('planFirst.approve'))).toBeEnabled({ timeout: 20_000 });
  await expectAllTranslated(page, 'a plan of the next turn');
  await page.goBack();
  await expect(page.getByRole('list', named('planFirst.nextTitle'))).toBeVisible();
  await expectAllTranslated(page, 'a conversation whose next turn is being planned');
  await page.getByRole('link', named('shell.newConversation')).click();

  for (const [id, words] of [
    ['serverPanel.secrets', 'Šéçŕéţš'],
    ['serverPanel.mcp', 'ṀÇÞ'],
    ['serverPanel.skills', 'Šķîļļš'],
  ] as const) {
    await runPseudoCommand(page, words);
    await expect(page.getByRole('dialog', named(id))).toBeVisible();
    await expectAllTranslated(page, `the ${id} dialog`);
    await closeDialog(page);
  }
});

test('a conversation: its tools, dialogs, workspace, find, and a run that waits for approval', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  await app.openConversation(SEEDED.parser);
  await expectAllTranslated(page, 'a finished conversation');

  await page.getByRole('button', named('transcript.showEveryStep')).click();
  await expectAllTranslated(page, 'every step shown');

  const tools = page.getByRole('button', named('toolsMenu.label'));
  await tools.click();
  await expect(page.getByRole('group', named('toolsMenu.label'))).toBeVisible();
  await expectAllTranslated(page, 'the conversation’s tools');
  await page.keyboard.press('Escape');

  for (const [words, what] of [
    ['Éẋþöŕţ', 'the export dialog'],
    ['Šŵîţçĥ ţĥé ɱöðéļ', 'the model dialog'],
    ['Ûšåĝé', 'the usage dialog'],
    ['Šĥåŕé å ŕéåð', 'the share dialog'],
    ['Ɓûðĝéţ åñð šţéþ', 'the limits dialog'],
  ] as const) {
    await runPseudoCommand(page, words);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllTranslated(page, what);
    await closeDialog(page);
  }

  // What the turn changed, and putting it back (its buttons load in the first idle moment).
  await page.locator('.message-actions button[aria-haspopup="dialog"]').last().click();
  await expect(page.getByRole('dialog', named('turns.title'))).toBeVisible();
  await expectAllTranslated(page, 'a turn’s changes');
  await page.getByRole('dialog').getByRole('button', named('turns.putBack')).click();
  await expect(page.getByRole('dialog', named('turns.confirmTitle'))).toBeVisible();
  await expectAllTranslated(page, 'putting a turn back');
  await closeDialog(page);

  await runPseudoCommand(page, 'Šĥöŵ ţĥé ŵöŕķšþåçé');
  const panel = page.getByRole('complementary', named('workspace.label'));
  await expect(panel).toBeVisible();
  const tabs = panel.getByRole('tab');
  for (let index = 0; index < (await tabs.count()); index++) {
    await tabs.nth(index).click();
    await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
    await expectAllTranslated(page, `the workspace’s tab ${index + 1}`);
  }
  // A review comment on a line of a changed file, and the tray it goes to.
  await tabs.first().click();
  await panel.locator('.changed-file').filter({ hasText: 'parser.py' }).click();
  await panel.locator('.diff-line-choice').first().click();
  const lineComment = page.locator('form.line-comment');
  // The person's words are theirs: written accented, so the sweep does not take them for Tether's.
  await lineComment.getByRole('textbox').fill('Ŵĥý ţĥîš?');
  await expectAllTranslated(page, 'a comment on a diff line');
  await lineComment.locator('button[type="submit"]').click();
  await expect(page.locator('.review-tray')).toBeVisible();
  await expectAllTranslated(page, 'the review tray and the file’s comments');
  await panel.getByRole('button', named('workspace.closeLabel')).click();

  await runPseudoCommand(page, 'Ƒîñð îñ ţĥé çöñṽéŕšåţîöñ');
  await page.getByRole('searchbox', named('find.label')).fill('header');
  await expectAllTranslated(page, 'the find bar');
  await page.keyboard.press('Escape');

  // A run that waits for approval, then one that runs.
  await tools.click();
  await page.getByRole('combobox', named('approval.label')).selectOption('always');
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', named('composer.label')).fill('Clean up');
  await page.getByRole('textbox', named('composer.label')).press('Enter');
  const pending = page.getByRole('group', named('confirm.pending'));
  await expect(pending).toBeVisible();
  await expectAllTranslated(page, 'a run waiting for approval');
  await pending.getByRole('button', named('confirm.approve')).click();
  await expectAllTranslated(page, 'an approved run');
});

test('a phone’s drawer and the other seeded conversations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = new Tether(page);
  await app.open();
  await expectAllTranslated(page, 'the home screen on a phone');
  for (const id of [
    SEEDED.parallel,
    SEEDED.crash,
    SEEDED.interrupted,
    SEEDED.llmError,
    SEEDED.restart,
    SEEDED.oddities,
    SEEDED.long,
    SEEDED.gallery,
    SEEDED.branched,
  ]) {
    await app.openConversation(id);
    await expectAllTranslated(page, `the seeded conversation ${id}`);
  }
  await page.getByRole('button', named('shell.conversations')).click();
  await expect(page.locator('#conversation-drawer')).toBeVisible();
  await expectAllTranslated(page, 'the drawer on a phone');
  await expectAccessible(page, 'the drawer in the pseudo-locale');
});

test.describe('a third longer, the layout holds', () => {
  test('a conversation with its workspace at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.clock.setFixedTime(new Date('2026-11-21T10:00:00Z'));
    const app = new Tether(page);
    await app.open();
    await app.openConversation(SEEDED.parser);
    await page.getByRole('button', named('transcript.showEveryStep')).click();
    await runPseudoCommand(page, 'Šĥöŵ ţĥé ŵöŕķšþåçé');
    const panel = page.getByRole('complementary', named('workspace.label'));
    await expect(panel.getByRole('status')).toContainText('7');
    await expectEveryChangeCounted(panel, 7);
    await app.expectMessageActionsLoaded();
    await expect(page).toHaveScreenshot('pseudo-desktop.png');
  });

  test('a conversation and its drawer at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.setFixedTime(new Date('2026-11-21T10:00:00Z'));
    const app = new Tether(page);
    await app.open();
    await app.openConversation(SEEDED.parser);
    await expect(page.getByRole('button', named('transcript.showEveryStep'))).toBeVisible();
    await app.expectMessageActionsLoaded();
    await expect(page).toHaveScreenshot('pseudo-phone.png');
    await page.getByRole('button', named('shell.conversations')).click();
    await expect(app.list.getByRole('link')).toHaveCount(20);
    await expect(page).toHaveScreenshot('pseudo-phone-drawer.png');
  });
});
