import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { attachImageAndEnlarge } from './clipboard';
import { WorkspacePanel } from './workspace';

// Every screen and state of the app, checked by axe in the light and the dark theme: every rule
// in the light one, the colour rules in the dark one (the DOM is the same in both).
// Each axe pass over a full screen takes seconds on a loaded 2-core machine, and each test makes
// several: a minute and a half each, at most.
test.describe.configure({ timeout: 90_000 });

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('tether.theme', value), theme);
    });
    const scope = theme === 'light' ? 'all' : 'colours';

    test('the new-conversation screen and the servers', async ({ page }) => {
      const app = new Tether(page);
      await app.open();
      await expect(page.getByRole('button', { name: 'Start conversation' })).toBeVisible();
      await expectAccessible(page, `new conversation (${theme})`, scope);
      await app.openServers();
      await app.serversDialog.getByRole('button', { name: 'Add server' }).click();
      await expect(app.serverEntry('Built-in mock')).toContainText('Tools: terminal');
      await expectAccessible(page, `servers, adding one (${theme})`, scope);
    });

    test('running, waiting for approval, and the rename and delete dialogs', async ({ page }) => {
      const app = new Tether(page);
      await app.openConversation(SEEDED.parser);
      await app.setAgentTiming(40, 60_000);
      await app.send('Tidy up');
      await expect(app.streaming).toBeVisible();
      await expectAccessible(page, `streaming (${theme})`, scope);
      await expect(app.card(/ls -la/)).toHaveAttribute('data-state', 'running');
      await expectAccessible(page, `a tool running (${theme})`, scope);
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await app.expectStatus('paused');
      await app.askBeforeActions(SEEDED.parser);
      await app.setAgentTiming(5, 100);
      await app.send('Then clean up');
      await app.expectStatus('waiting_for_confirmation');
      await expectAccessible(page, `waiting for approval (${theme})`, scope);
      await (await app.itemButton(SEEDED.parser, 'Rename')).click();
      await expectAccessible(page, `renaming (${theme})`, scope);
      await page.keyboard.press('Escape');
      await (await app.itemButton(SEEDED.parser, 'Delete')).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `delete dialog (${theme})`, scope);
    });

    test('the workspace panel, the file viewer and an image shown full size', async ({ page }) => {
      const app = new Tether(page);
      const workspace = new WorkspacePanel(page);
      await app.open(`/conversations/${SEEDED.parser}?workspace=changes&path=parser.py`);
      await expect(workspace.diff('parser.py')).toBeVisible();
      await expectAccessible(page, `changes (${theme})`, scope);
      await workspace.panel.getByRole('button', { name: 'Side by side' }).click();
      await workspace.file('data/measurements.csv').click();
      await expect(workspace.diff('data/measurements.csv')).toBeVisible();
      await expectAccessible(page, `a long side-by-side diff (${theme})`, scope);
      await workspace.tab('Commits').click();
      await workspace.panel.getByRole('button', { name: /Document add/ }).click();
      await workspace.file('src/app.ts').click();
      await expectAccessible(page, `commits (${theme})`, scope);
      await app.open(
        `/conversations/${SEEDED.parser}?workspace=file&path=${encodeURIComponent('/workspace/parser.py')}`,
      );
      await expect(
        workspace.panel.getByRole('table', { name: 'Content of /workspace/parser.py' }),
      ).toBeVisible();
      await expectAccessible(page, `file viewer (${theme})`, scope);
      await attachImageAndEnlarge(page);
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `image dialog (${theme})`, scope);
    });

    test('every seeded conversation', async ({ page }) => {
      test.setTimeout(120_000);
      const app = new Tether(page);
      for (const [name, id] of Object.entries(SEEDED)) {
        await app.openConversation(id);
        await expectAccessible(page, `conversation ${name} (${theme})`, scope);
      }
    });
  });
}

test('a conversation’s status in the list is told by a shape, not by colour alone', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  const shape = (id: string) =>
    app.list.locator(`li[data-conversation-id="${id}"] .status-dot`).evaluate((dot) => {
      const style = getComputedStyle(dot);
      const filled = style.backgroundColor !== 'rgba(0, 0, 0, 0)';
      return `${style.borderRadius} ${style.transform} ${style.borderTopWidth}/${style.borderLeftWidth} ${filled}`;
    });
  const shapes = await Promise.all([SEEDED.parser, SEEDED.interrupted, SEEDED.llmError].map(shape));
  // Finished, paused and failed: three shapes.
  expect(new Set(shapes).size).toBe(3);
  // And the words are in the link's name.
  await expect(app.listItem(SEEDED.llmError).getByRole('link')).toHaveAccessibleName(/, Error,/i);
});
