import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { WorkspacePanel } from './workspace';

// The workspace beside the conversation, on the mock agent-server's seeded repository.

test.describe('the Changes view', () => {
  test('lists what changed with status and line counts; a diff unified and side by side', async ({
    page,
  }) => {
    const app = new Tether(page);
    const workspace = new WorkspacePanel(page);
    await app.openConversation(SEEDED.parser);
    await workspace.open();
    await expect(workspace.summary).toHaveText('7 changed files');
    await expect(workspace.file('parser.py')).toContainText('Modified');
    await expect(workspace.file('parser.py')).toContainText('+1 −1');
    await expect(workspace.file('docs/old-guide.md')).toContainText('Deleted');
    await expect(workspace.file('docs/old-guide.md')).toContainText('+0 −3');
    // The server sends this path in git's quoted form, slashes for backslashes; it reads as it is.
    await expect(workspace.file('notes/réunion du lundi.md')).toContainText('Added');
    await expect(workspace.file('logo.png')).toContainText('binary');

    await workspace.file('parser.py').click();
    const diff = workspace.diff('parser.py');
    expect(await workspace.diffLines(diff)).toEqual([
      '@@ -1,3 +1,3 @@',
      ' def parse_header(line):',
      '-    key, value = line.split(":")',
      '+    key, value = line.split(":", 1)',
      '     return key.strip(), value.strip()',
    ]);
    // Syntax colours arrive with the highlighter.
    await expect(diff.locator('.hljs-keyword').first()).toBeVisible();
    await workspace.panel.getByRole('button', { name: 'Side by side' }).click();
    await expect(diff).toHaveClass(/diff-split/);
    // The removed and the added line face each other on one row.
    await expect(diff.locator('[role=row]').nth(2).locator('.diff-code')).toHaveText([
      /line\.split\(":"\)$/,
      /line\.split\(":", 1\)$/,
    ]);
    // Where the panel is lives in the address: a reload finds the same file, in the same layout.
    await page.reload();
    await expect(workspace.diff('parser.py')).toHaveClass(/diff-split/);
    await expect(workspace.file('parser.py')).toHaveAttribute('aria-current', 'true');

    await workspace.file('docs/old-guide.md').click();
    expect(await workspace.diffLines(workspace.diff('docs/old-guide.md'))).toContain('-Read me first.');
    // As a 1.57 server does: the deleted file's diff is refused, and its last committed text is shown.
    await app.mock((m) => m.failRequests('/git/diff?path=/workspace/docs/old-guide.md', 1, 400));
    await page.reload();
    await workspace.file('docs/old-guide.md').click();
    expect(await workspace.diffLines(workspace.diff('docs/old-guide.md'))).toContain('-Read me first.');
    await workspace.file('logo.png').click();
    await expect(
      workspace.panel.getByText('Binary file: its changes cannot be shown as text.'),
    ).toBeVisible();
  });

  test('a 50,000-line file diffs without drawing every line, and scrolls to its end', async ({ page }) => {
    const app = new Tether(page);
    const workspace = new WorkspacePanel(page);
    await app.openConversation(SEEDED.parser);
    await workspace.open();
    await expect(workspace.file('data/measurements.csv')).toContainText('+50000 −0');
    await workspace.file('data/measurements.csv').click();
    const diff = workspace.diff('data/measurements.csv');
    await expect(diff).toHaveAttribute('aria-rowcount', '50001');
    expect(await diff.locator('[role=row]').count()).toBeLessThan(200);
    await diff.locator('.diff-scroll').evaluate((box) => (box.scrollTop = box.scrollHeight));
    await expect(diff.getByRole('cell', { name: 'added: 49998,162' })).toBeVisible();
  });

  test('commits, the files each changed, and their diffs', async ({ page }) => {
    const app = new Tether(page);
    const workspace = new WorkspacePanel(page);
    await app.openConversation(SEEDED.parser);
    await workspace.open();
    await workspace.tab('Commits').click();
    await expect(workspace.summary).toHaveText('3 commits, newest first');
    await workspace.panel.getByRole('button', { name: /Document add\(\)/ }).click();
    await expect(workspace.file('src/app.ts')).toContainText('+1 −1');
    await workspace.file('src/app.ts').click();
    expect(await workspace.diffLines(workspace.diff('src/app.ts'))).toContain('+  return a + b; // sums;');
    await workspace.panel.getByRole('button', { name: /Initial commit/ }).click();
    await expect(workspace.panel.locator('.changed-file')).toHaveCount(5);
  });

  test('re-reads the working tree while the agent edits, without a click', async ({ page }) => {
    const app = new Tether(page);
    const workspace = new WorkspacePanel(page);
    await app.openConversation(SEEDED.parser);
    await app.setAgentTiming(5, 1_500);
    await workspace.open();
    await expect(workspace.summary).toHaveText('7 changed files');
    await expect(workspace.file('README.md')).toHaveCount(0);
    await app.composer.fill('Write down the plan');
    await app.composer.press('Enter');
    await expect(workspace.file('README.md')).toContainText('Modified', { timeout: 15_000 });
    await expect(workspace.file('README.md')).toContainText('+2 −0');
    await expect(workspace.summary).toHaveText('8 changed files');
  });

  test('says so in words: not a repository, a refusal, a path the server cannot list', async ({ page }) => {
    const app = new Tether(page);
    const workspace = new WorkspacePanel(page);
    await app.open();
    await page.getByText(/^Workspace folder:/).click();
    await page.getByLabel('Workspace folder', { exact: true }).fill('/srv/plain-folder');
    await app.startConversation('Look around');
    await workspace.open();
    await expect(workspace.summary).toHaveText(
      '/srv/plain-folder is not a git repository, so there are no changes to show.',
    );

    await app.openConversation(SEEDED.parser);
    await app.mock((m) => m.failRequests('/git/changes', 3, 500));
    await workspace.open();
    await expect(workspace.summary).toHaveText(
      'The agent-server could not list the changes. The agent-server answered 500: Injected failure',
    );
    // A tracked path with a space, once changed, makes the real server refuse the whole list.
    await app.mock((m) => {
      m.store.workspace.write('/workspace/docs/with space.md', '# Spaced\n');
      m.store.workspace.commitAll('Add a spaced name', '2026-11-21T00:00:00+00:00');
      m.store.workspace.write('/workspace/docs/with space.md', '# Changed\n');
    });
    await workspace.panel.getByRole('button', { name: 'Refresh' }).click();
    await expect(workspace.summary).toContainText('Unexpected git diff output format: M\tdocs/with space.md');
    // The commits stay readable.
    await workspace.tab('Commits').click();
    await expect(workspace.summary).toHaveText('4 commits, newest first');
  });
});

test.describe('file-edit cards', () => {
  test('a pending edit shows its diff before approval; its path opens the file in the Changes view', async ({
    page,
  }) => {
    const app = new Tether(page);
    const workspace = new WorkspacePanel(page);
    await app.openConversation(SEEDED.parser);
    await app.setAgentTiming(5, 100);
    await app.askBeforeActions(SEEDED.parser);
    await app.send('Record the decision');
    await app.approve();
    const edit = app.card(/str_replace \/workspace\/README\.md/);
    await expect(edit).toContainText('Waiting for your approval');
    // Before anything ran: the replacement, line for line, from the action alone.
    const pending = edit.getByRole('table', { name: 'Changes to /workspace/README.md' });
    await expect(pending.getByRole('cell', { name: 'added: - Record the decision' })).toBeVisible();
    await expect(edit).toContainText('Replace');
    await app.approveButton.click();
    // Done, it folds with the finished command before it (a running card never folds); the
    // reader opens the stretch.
    await expect(edit).toHaveCount(0);
    await app.unfoldSteps();
    await expect(edit).toHaveAttribute('data-state', 'done');
    // Done: the whole file's diff, with its line numbers.
    await expect(
      edit.getByRole('table').getByRole('row').filter({ hasText: 'Record the decision' }),
    ).toContainText('3');
    await edit.getByRole('button', { name: '/workspace/README.md' }).click();
    await expect(workspace.file('README.md')).toHaveAttribute('aria-current', 'true');
    expect(await workspace.diffLines(workspace.diff('README.md'))).toContain('+- Record the decision');
  });
});

test.describe('the file viewer', () => {
  test('shows text highlighted, an image as an image, binary as a download, and a big file cut at 1 MB', async ({
    page,
  }) => {
    const app = new Tether(page);
    const workspace = new WorkspacePanel(page);
    await app.openConversation(SEEDED.parser);
    await workspace.open();
    await workspace.file('parser.py').click();
    await workspace.panel.getByRole('button', { name: 'View file' }).click();
    const content = workspace.panel.getByRole('table', { name: 'Content of /workspace/parser.py' });
    await expect(content.getByRole('row')).toHaveCount(3);
    await expect(content.locator('.hljs-keyword').first()).toBeVisible();

    await page.goBack();
    await workspace.file('assets/icon.bin').click();
    await expect(
      workspace.panel.getByText(/Binary file \(\d+ bytes\): download it to open it\./),
    ).toBeVisible();
    const download = page.waitForEvent('download');
    await workspace.panel.getByRole('button', { name: 'Download' }).first().click();
    expect((await download).suggestedFilename()).toBe('icon.bin');

    await workspace.file('logo.png').click();
    await workspace.panel.getByRole('button', { name: 'View file' }).click();
    await expect(workspace.panel.getByRole('img', { name: 'The image logo.png' })).toBeVisible();
    await expect
      .poll(() =>
        workspace.panel
          .getByRole('img', { name: 'The image logo.png' })
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(16);

    await page.goBack();
    await workspace.file('logs/build.log').click();
    await expect(workspace.panel.getByText(/File too large for git diff/)).toBeVisible();
    await workspace.panel.getByRole('button', { name: 'View file' }).click();
    await expect(
      workspace.panel.getByText('Only the first 1 MB of this file is shown. Download it to read the rest.'),
    ).toBeVisible();
    await expect(
      workspace.panel.getByRole('table', { name: 'Content of /workspace/logs/build.log' }),
    ).toBeVisible();
  });

  test('a path that is not there says so; one outside the workspace is not shown', async ({ page }) => {
    const app = new Tether(page);
    const workspace = new WorkspacePanel(page);
    await app.open(
      `/conversations/${SEEDED.parser}?workspace=file&path=${encodeURIComponent('/workspace/gone.txt')}`,
    );
    await expect(workspace.panel.getByRole('alert')).toHaveText(
      'There is no file at /workspace/gone.txt (it may have been deleted or moved).',
    );
    // Read on the conversation's own routes, which refuse what is outside its folder (422).
    await app.open(
      `/conversations/${SEEDED.parser}?workspace=file&path=${encodeURIComponent('/etc/shadow')}`,
    );
    await expect(workspace.panel.getByRole('alert')).toHaveText(
      '/etc/shadow is outside this conversation’s workspace (/workspace), so the agent-server does not show it.',
    );
  });
});

test('terminal output keeps its colours and loses its other escape sequences', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.gallery);
  const card = app.card(/make test/);
  await expect(card.locator('.ansi-red-fg.ansi-bold')).toHaveText(['FAILED', '1 failed']);
  await expect(card.locator('.ansi-yellow-fg')).toHaveText('assert 1 == 2');
  await expect(card.locator('.ansi-green-fg')).toHaveText('3 passed');
  await expect(card.locator('.tool-output')).toHaveText(
    'FAILED tests/test_a.py::test_one - assert 1 == 2\n3 passed, 1 failed',
  );
});

test('the side area is resized by dragging its divider or by the arrow keys, and keeps its width', async ({
  page,
}) => {
  const app = new Tether(page);
  const workspace = new WorkspacePanel(page);
  await app.openConversation(SEEDED.parser);
  await workspace.open();
  // Half of the area beside the 300 px list, until the person moves the divider.
  const half = await workspace.width();
  expect(Math.abs(half - (1280 - 300) / 2)).toBeLessThan(2);
  await expect(workspace.divider).toHaveAttribute('aria-valuenow', String(Math.round(half)));

  // By keyboard: ← widens it (toward the chat), Shift+→ narrows it four steps, End to the least.
  await workspace.divider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => workspace.width()).toBeCloseTo(half + 32, 0);
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => workspace.width()).toBeCloseTo(half + 32 - 128, 0);
  await page.keyboard.press('End');
  await expect.poll(() => workspace.width()).toBeCloseTo(320, 0);
  await expect(workspace.divider).toHaveAttribute('aria-valuemin', '320');
  await expectAccessible(page, 'the side area’s divider, focused');

  // By dragging: the chat keeps at least 360 px.
  const drag = async (by: number) => {
    const box = (await workspace.divider.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + 200];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + by, y + 20, { steps: 5 });
    await page.mouse.up();
  };
  await drag(-150);
  await expect.poll(() => workspace.width()).toBeCloseTo(470, 0);
  await drag(-1000);
  await expect.poll(() => workspace.width()).toBeCloseTo(1280 - 300 - 360, 0);

  // Kept in this browser.
  await page.reload();
  await expect(workspace.divider).toBeVisible();
  await expect.poll(() => workspace.width()).toBeCloseTo(1280 - 300 - 360, 0);
});

test('every tab of the side area passes axe on a phone, in both themes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = new Tether(page);
  const workspace = new WorkspacePanel(page);
  await app.openConversation(SEEDED.gallery);
  // A server with a browser, so that its tab is there too.
  await page.evaluate(() => window.__tetherMock!.usableTools.push('browser_tool_set'));
  await app.openServers();
  await app.expectServersChecked();
  await app.closeServers();
  await workspace.open();
  const names = ['Changes', 'Commits', 'Terminal', 'Browser', 'Tasks'] as const;
  await expect(workspace.panel.getByRole('tab')).toHaveText(names.map((name) => new RegExp(`^${name}`)));
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const name of names) {
      await workspace.tab(name).click();
      await expect(workspace.tab(name)).toHaveAttribute('aria-selected', 'true');
      await expect(workspace.panel.getByRole('tabpanel', { name })).not.toContainText('Loading');
      await expectAccessible(
        page,
        `the ${name} tab on a phone (${theme})`,
        theme === 'dark' ? 'colours' : undefined,
      );
    }
  }
});

test('on a phone the side panel is a sheet over the whole screen; Esc gives the chat back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = new Tether(page);
  const workspace = new WorkspacePanel(page);
  await app.openConversation(SEEDED.parser);
  await workspace.open();
  await expect(workspace.summary).toHaveText('7 changed files');
  expect(await workspace.panel.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  // Every view's tab is on the screen, the last one's counter too.
  const last = (await workspace.panel.getByRole('tab').last().boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(390);
  // A modal sheet: the keyboard goes through it (and on to the browser's own controls, as from a
  // modal dialog), never to the chat behind it.
  for (let press = 0; press < 30; press++) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => {
        const at = document.activeElement;
        return !at || at === document.body || !!at.closest('aside[aria-label="Workspace"]');
      }),
      `Tab ${press + 1} stays out of the chat`,
    ).toBe(true);
  }
  await workspace.tab('Terminal').click();
  await expect(workspace.shellField).toBeVisible();
  await expectAccessible(page, 'the side panel as a phone sheet');
  await page.keyboard.press('Escape');
  await expect(workspace.panel).toBeHidden();
  await app.composer.fill('Back in the chat');
  await expect(app.composer).toHaveValue('Back in the chat');
});

test('Open in VS Code opens the folder when the server runs VS Code, and says why not when it does not', async ({
  page,
}) => {
  const app = new Tether(page);
  const workspace = new WorkspacePanel(page);
  const link = workspace.panel.getByRole('link', { name: /Open in VS Code/ });
  await app.openConversation(SEEDED.parser);
  await app.mock((m) => {
    m.vsCode = true;
  });
  await workspace.open();
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute(
    'href',
    'http://localhost:8001/?tkn=mock-vscode-token&folder=/workspace',
  );
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAccessibleName('Open in VS Code (a new tab)');
  await expectAccessible(page, 'the workspace with Open in VS Code');

  // A reload starts the mock afresh, without VS Code: once the server has said so, no link, but
  // a button that says why.
  const statusRead = page.waitForResponse((response) => response.url().endsWith('/api/vscode/status'));
  await page.reload();
  expect(await (await statusRead).json()).toEqual({
    running: false,
    enabled: false,
    message: 'VSCode is disabled in configuration',
  });
  await expect(workspace.summary).toHaveText('7 changed files');
  await expect(link).toHaveCount(0);
  const absent = workspace.panel.getByRole('button', { name: 'Open in VS Code' });
  await expect(absent).toHaveAttribute('aria-disabled', 'true');
  await expect(absent).toHaveAccessibleDescription(/This server runs without VS Code/);
  // Marked unavailable (aria-disabled), it still takes focus and a press, and says why.
  await absent.press('Enter');
  await expect(workspace.panel.getByText(/This server runs without VS Code/)).toBeVisible();
  await expectAccessible(page, 'the workspace without VS Code');
});
