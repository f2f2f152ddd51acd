import { expect, test } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';
import { Branches } from './branches';
import { nextStartIsAway } from './browserCopy';
import { Review } from './reviewing';
import { WorkspacePanel } from './workspace';

// Review comments on diff lines: written in the workspace's diff, gathered in a tray, sent as one
// message, and followed afterwards: addressed where their lines changed, open where they did not.
// Kept in this browser, so a reload, a lost server and a branch switch lose none.

test('comments on diff lines go as one message, and after the turn one is addressed and one still open', async ({
  page,
}) => {
  const app = new Tether(page);
  const workspace = new WorkspacePanel(page);
  const review = new Review(page);
  await app.open();
  await app.setAgentTiming(5, 100);
  await app.startConversation('Note the review');
  await app.expectStatus('finished');

  await workspace.open();
  await workspace.file('README.md').click();
  const diff = workspace.diff('README.md');
  await expect(diff).toContainText('- Note the review');
  await review.commentOn(diff, 3, undefined, 'Say what the note is for.');
  await review.commentOn(diff, 1, 2, 'Name the project.');
  await expect(review.tray).toContainText('2 to send');
  expect(await review.states()).toEqual(['README.md, line 3: Not sent', 'README.md, lines 1–2: Not sent']);
  await expectAccessible(page, 'review comments not sent');

  // Kept in this browser: a reload finds both, as they were.
  await page.reload();
  await expect
    .poll(() => review.states())
    .toEqual(['README.md, line 3: Not sent', 'README.md, lines 1–2: Not sent']);

  await review.send(2);
  const sent = app.log.locator('.chat-row.from-user').last();
  await expect(sent).toContainText('2 review comments on the changes. Please address each one:');
  await expect(sent).toContainText('README.md, line 3:');
  await expect(sent).toContainText('Say what the note is for.');
  await app.expectStatus('finished');
  await expect
    .poll(() => review.states())
    .toEqual([
      'README.md, line 3: Addressed: its lines changed',
      'README.md, lines 1–2: Still open: now lines 1–2',
    ]);
  // The fresh diff (the panel stayed open through the reload) says the same, and marks the open
  // comment's lines.
  await expect(workspace.file('README.md')).toHaveAttribute('aria-current', 'true');
  const comments = workspace.panel.getByRole('group').filter({ hasText: '2 review comments on this file' });
  await expect(comments).toContainText('line 3 Addressed: its lines changed');
  await expect(comments).toContainText('lines 1–2 Still open: now lines 1–2');
  await expect(diff.locator('.diff-commented')).toHaveCount(2);
  await expectAccessible(page, 'review comments addressed and open');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'review comments addressed and open (dark)', 'colours');
  await page.emulateMedia({ colorScheme: 'light' });

  // The open one goes again, naming its lines as they are now.
  await review.tray.getByRole('button', { name: 'Send 1 open comment again' }).click();
  await expect(app.log.locator('.chat-row.from-user').last()).toContainText(
    'This review comment is still open: its lines have not changed.',
  );
  await app.expectStatus('finished');
  await expect
    .poll(() => review.states())
    .toEqual([
      'README.md, line 3: Addressed: its lines changed',
      'README.md, lines 1–2: Addressed: its lines changed',
    ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'a file’s review comments on a phone');
  // On a phone the workspace is a sheet over the chat: closed, the tray is there.
  await workspace.panel.getByRole('button', { name: 'Close' }).click();
  await expectAccessible(page, 'the review on a phone');
  await review.tray.getByRole('button', { name: 'Clear 2 addressed' }).click();
  await expect(review.tray).toHaveCount(0);
});

test('no comment is lost: not across a lost server, a branch switch, or a reload with the server away', async ({
  page,
}) => {
  const app = new Tether(page);
  const workspace = new WorkspacePanel(page);
  const review = new Review(page);
  const branches = new Branches(page);
  await app.open();
  await app.setAgentTiming(5, 50);
  await app.startConversation('Note the review');
  await app.expectStatus('finished');
  await workspace.open();
  await workspace.file('README.md').click();
  const diff = workspace.diff('README.md');
  await review.commentOn(diff, 3, undefined, 'Say what the note is for.');

  // The server goes: a comment is still written, and sending says the message failed.
  await app.mock((server) => server.setDown(true));
  await expect(page.getByText(/Unreachable/)).toBeVisible({ timeout: 5_000 });
  await review.commentOn(diff, 1, undefined, 'Name the project.');
  await review.send(2);
  await expect(page.locator('.pending[data-pending-state="failed"]')).toBeVisible();
  await expect
    .poll(() => review.states())
    .toEqual([
      'README.md, line 3: Sent; not yet seen on the server',
      'README.md, line 1: Sent; not yet seen on the server',
    ]);

  // Back: the message goes by itself, once, and the comments are judged after the answer.
  await app.mock((server) => server.setDown(false));
  await expect(app.log.getByText('I addressed the first comment, in README.md')).toBeVisible({
    timeout: 20_000,
  });
  await app.expectStatus('finished');
  const judged = [
    'README.md, line 3: Addressed: its lines changed',
    'README.md, line 1: Still open: now line 1',
  ];
  await expect.poll(() => review.states()).toEqual(judged);

  // Another branch, where the review message was never sent: the comments stay, judged by the
  // files (which a branch does not rewind), and so they are on the way back.
  const sent = branches.request('2 review comments on the changes');
  await branches.edit(sent, 'Note the branch');
  const edited = branches.request('Note the branch');
  await expect(edited).toBeVisible();
  await app.expectStatus('finished');
  await expect(sent).toHaveCount(0);
  await expect.poll(() => review.states()).toEqual(judged);
  await branches.previous(edited);
  await expect(sent).toBeVisible();
  await expect.poll(() => review.states()).toEqual(judged);

  // Opened with the server away, from the browser's copy: the comments are there, and say what
  // cannot be known without the server.
  await nextStartIsAway(page, true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: "browser's copy" })).toContainText(
    'The server cannot be reached',
  );
  const unjudged = 'Sent; where it stands shows once the server’s files can be read';
  await expect
    .poll(() => review.states())
    .toEqual([`README.md, line 3: ${unjudged}`, `README.md, line 1: ${unjudged}`]);
  await expectAccessible(page, 'review comments read with the server away');
  await nextStartIsAway(page, false);
  await app.mock((server) => server.setDown(false));
  await expect.poll(() => review.states(), { timeout: 20_000 }).toEqual(judged);
});
