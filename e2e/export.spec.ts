import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { exportAs, openExport } from './exporting';
import { toolsButton } from './tools';

// Export: a whole conversation as a Markdown transcript or as the server's JSON, every page
// read with progress and a Cancel.

const today = () => new Date().toISOString().slice(0, 10);

test('a conversation as a Markdown transcript and as the server’s JSON', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await openExport(page);
  await expectAccessible(page, 'export dialog');

  const markdown = await exportAs(page, 'Markdown');
  expect(markdown.name).toBe(`fix-header-parsing-${today()}.md`);
  const pieces = [
    '# Fix header parsing',
    '## You ·',
    'The parser tests fail on headers like `Location: http://example.com`. Can you fix it?',
    '### task_tracker: Plan the fix — Done',
    '- [ ] Run the whole suite',
    '### terminal: Run the parser tests — Done',
    '$ python -m pytest tests/test_parser.py -q',
    '**exit code 1**',
    'ValueError: too many values to unpack (expected 2)',
    '### file_editor: str_replace /workspace/parser.py — Done',
    '-line.split(":")',
    '+line.split(":", 1)',
    '### terminal: Run the whole suite — Done',
    '148 passed in 2.31s',
    'Fixed **`parse_header`**: it now splits on the first colon only.',
  ];
  let at = -1;
  for (const piece of pieces) {
    const found = markdown.text.indexOf(piece, at + 1);
    expect(found, piece).toBeGreaterThan(at);
    at = found;
  }

  const json = await exportAs(page, 'JSON');
  expect(json.name).toBe(`fix-header-parsing-${today()}.json`);
  const events = await app.mock((server) => server.store.get('3f1c2a4e-0000-4000-8000-000000000001')!.events);
  expect(JSON.parse(json.text)).toEqual(events);
});

test('a long conversation is read page by page with progress, and Cancel stops it', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.long);
  await app.mock((server) => server.slowRequests(/sort_order=TIMESTAMP(&|$)/, 400));
  await openExport(page);
  const dialog = page.getByRole('dialog', { name: /^Export/ });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const progress = dialog.getByRole('progressbar');
  await expect(dialog.getByText(/^Read [1-9][\d,]* of 2,0\d\d events…$/)).toBeVisible();
  await expect(progress).toHaveAttribute('max', /^20\d\d$/);
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
  expect(downloaded).toBe(false);

  // Again, to the end: every one of the events is in the file.
  await app.mock((server) => server.slowRequests(/sort_order=TIMESTAMP(&|$)/, 0));
  const json = await exportAs(page, 'JSON');
  const count = await app.mock(
    (server) => server.store.get('3f1c2a4e-0000-4000-8000-000000000007')!.events.length,
  );
  expect(JSON.parse(json.text)).toHaveLength(count);
  // Esc closes the dialog, and only the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toolsButton(page)).toBeFocused();
});

test('a refusal while reading is said in words, and Try again goes on', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  // The opening's own read in log order (the one that joins the newest page and the socket) comes
  // first: armed before it was made, the failure once went to it on a loaded machine, and the
  // export succeeded.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/events\/search\?.*sort_order=TIMESTAMP(&|$)/.test(entry.name)),
      ),
    )
    .toBe(true);
  await app.mock((server) => server.failRequests(/sort_order=TIMESTAMP(&|$)/, 1, 500));
  await openExport(page);
  const dialog = page.getByRole('dialog', { name: /^Export/ });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Export failed');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  expect((await download).suggestedFilename()).toMatch(/^fix-header-parsing-/);
});
