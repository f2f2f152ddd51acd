import { expect, test } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';
import { TurnChanges } from './turning';

// What a turn changed, from its own edits, and putting it back to before the turn: only its
// files, only where they are still as it left them, after a confirmation that shows the reverse.

test('a finished turn shows what it changed; putting it back writes the text from before, and says so in the chat', async ({
  page,
}) => {
  const app = new Tether(page);
  const turn = new TurnChanges(page);
  await app.open();
  await app.setAgentTiming(5, 100);
  await app.startConversation('Note the turn');
  await app.expectStatus('finished');

  const dialog = await turn.open(1);
  await expect(turn.file('README.md')).toContainText('1 edit');
  await expect(
    turn.file('README.md').getByRole('table', { name: 'Changes to README.md in this turn' }),
  ).toContainText('- Note the turn');
  await expect(dialog).toContainText(
    '1 command also ran in this turn: what they wrote is neither shown here nor put back',
  );
  await expectAccessible(page, 'a turn’s changes');

  await turn.askToPutBack();
  await expect(
    turn.file('README.md').getByRole('table', { name: 'What putting back does to README.md' }),
  ).toContainText('- Note the turn');
  await expectAccessible(page, 'putting a turn back');
  await turn.confirm(1);
  expect(
    await app.mock((server) => new TextDecoder().decode(server.store.workspace.read('/workspace/README.md'))),
  ).toBe('# Project\n');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(
    page
      .getByRole('log')
      .getByText('I put these files back to how they were before your last turn: README.md.'),
  ).toBeVisible();
  // The note does not start the agent (it reads it with the next message); a message to a
  // finished conversation makes it idle, as on the real server.
  await app.expectStatus('idle');

  // Put back once, the file is no longer as the turn left it: nothing more is written.
  await turn.open(1);
  await turn.askToPutBack();
  await expect(dialog).toContainText('README.md changed since the turn: it is left as it is.');
  await expect(dialog.getByRole('status')).toHaveText(
    'Nothing to put back: every file changed since the turn.',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'putting a turn back on a phone');
});
