import { expect, test } from './test';
import { SEEDED, Tether } from './app';
import { expectAccessible } from './axe';
import { expectCopied, shownEventIds } from './browserCopy';
import { SECOND_SEEDED } from '../mocks/fixtures';
import { openSearch, searchField, searchFor, searchResults } from './searching';

// Search everything (issue 22): every conversation this browser keeps, on every server, by its
// messages, commands, outputs and titles; a result opens its conversation at the matching row.

const SECOND_URL = 'http://second-mock-agent-server.localhost';

test('search finds kept conversations on two servers and opens at the matching row', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  await app.addServer({ name: 'Workstation', url: SECOND_URL });
  await app.closeServers();
  await app.openConversation(SEEDED.parser);
  await expectCopied(page, SEEDED.parser, await shownEventIds(page));
  await app.list.getByRole('link', { name: /Deploy script on the workstation/ }).click();
  await expect(app.log.getByText('It reads a variable that only the laptop sets.')).toBeVisible();
  await expectCopied(page, SECOND_SEEDED.deploy, await shownEventIds(page));

  await openSearch(page);
  // A word from each server's conversation.
  await searchFor(page, 'laptop');
  await expect(searchResults(page).first()).toContainText('Deploy script on the workstation');
  await expect(searchResults(page).first()).toContainText('Workstation · Message');
  await expect(searchResults(page).first().locator('mark')).toHaveText('laptop');
  await searchFor(page, 'ValueError');
  const output = searchResults(page).filter({ hasText: 'Built-in mock · Output' }).first();
  await expect(output).toContainText('Fix header parsing');
  await expectAccessible(page, 'search results');
  await page.screenshot({ path: test.info().outputPath('search-results.png') });

  // The result opens the conversation at the row that holds it: the test run's output.
  await output.getByRole('link').click();
  await expect(page).toHaveURL(/\/conversations\/3f1c2a4e-0000-4000-8000-000000000001\?event=/);
  await expect(app.log.getByText('ValueError: too many values to unpack').first()).toBeInViewport();

  // Back: the same words, the same results.
  await page.goBack();
  await expect(searchField(page)).toHaveValue('ValueError');
  await expect(searchResults(page).first()).toBeVisible();
});

test('conversations not kept are named, and fetched into the copy they are found', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  await openSearch(page);
  await searchFor(page, 'restart');
  await expect(page.locator('.search-count')).toHaveText('Nothing kept in this browser matches.');
  const notKept = page.locator('.search-not-kept');
  await expect(notKept).toContainText(/\d+ conversations on your servers are not kept in this browser/);
  await expectAccessible(page, 'search with conversations not kept');
  await notKept.getByRole('button', { name: 'Fetch them into this browser' }).click();
  await expect(notKept.getByRole('status')).toHaveText(/^\d+ conversations fetched\.$/, { timeout: 30_000 });
  await expect(searchResults(page).first()).toBeVisible();
  await expect(searchResults(page).filter({ hasText: 'Training cut by a restart' }).first()).toBeVisible();
});

test('a conversation read only in part is named; fetched whole, its older events are found and opened at their row', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.open();
  // Opened at its newest rows, never scrolled up: the copy holds those rows only.
  await app.openConversation(SEEDED.long);
  await expectCopied(page, SEEDED.long, await shownEventIds(page));

  await openSearch(page);
  // An edit some 1,800 events back (no word of the newest rows is one letter from it).
  await searchFor(page, 'module37');
  await expect(page.locator('.search-count')).toHaveText('Nothing kept in this browser matches.');
  const notKept = page.locator('.search-not-kept');
  await expect(notKept).toContainText(
    '1 conversation is kept here only in part: its older events were never read in this browser, so they are not searched.',
  );
  await expect(notKept.getByRole('listitem').first()).toHaveText(
    'A long session (2,000 events) · Built-in mock',
  );
  await expectAccessible(page, 'search with a conversation kept in part');
  await page.screenshot({ path: test.info().outputPath('search-kept-in-part.png') });

  await notKept.getByRole('button', { name: 'Fetch them into this browser' }).click();
  await expect(notKept.getByRole('status')).toHaveText(/^\d+ conversations fetched\.$/, { timeout: 30_000 });
  await expect(notKept).not.toContainText('kept here only in part');
  const edit = searchResults(page).filter({ hasText: '/workspace/src/module37/index.ts' }).first();
  await expect(edit).toContainText('A long session (2,000 events)');
  await edit.getByRole('link').click();
  await expect(page).toHaveURL(/\?event=/);
  await expect(app.log.getByText('/workspace/src/module37/index.ts').first()).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('search-opened-at-row.png') });
});
