import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TurnChanges } from '../turning';
import { openConnected, expect, startConversation, test } from './fixtures';

// Putting a turn back against the real server: the file editor reports each file's whole text
// before and after, so what the turn changed is known from its own events; Tether writes the
// text back (the upload route) and removes the file the turn created (`rm` in the conversation's
// shell), and the files on disk are as before the turn.

test('a turn that changed two files is put back: the edited file has its old text, the created one is gone', async ({
  page,
  server,
  llm,
}) => {
  const folder = join(server.root, 'turn-project');
  mkdirSync(folder, { recursive: true });
  const config = join(folder, 'config.ini');
  const untouched = join(folder, 'untouched.txt');
  writeFileSync(config, '[server]\nport = 8080\n');
  writeFileSync(untouched, 'left alone\n');
  llm.setScript([
    {
      text: 'Changing the port and adding notes.',
      toolCalls: [
        {
          name: 'file_editor',
          arguments: { command: 'str_replace', path: config, old_str: 'port = 8080', new_str: 'port = 9090' },
        },
        {
          name: 'file_editor',
          arguments: {
            command: 'create',
            path: join(folder, 'NOTES.md'),
            file_text: '# Notes\n\nPort 9090.\n',
          },
        },
      ],
    },
    { text: 'The port is 9090 now, and NOTES.md says so.' },
  ]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Move the server to port 9090', { workspaceFolder: folder });
  await expect(page.getByRole('log').getByText('The port is 9090 now, and NOTES.md says so.')).toBeVisible({
    timeout: 30_000,
  });
  writeFileSync(untouched, 'changed by hand after the turn\n');

  const turn = new TurnChanges(page);
  await turn.open(2);
  await expect(turn.file('config.ini')).toContainText('1 edit');
  await expect(turn.file('NOTES.md')).toContainText('new file');
  await turn.askToPutBack();
  await expect(turn.file('NOTES.md')).toContainText('The turn created this file: it is removed.');
  await expect(
    turn.file('config.ini').getByRole('table', { name: 'What putting back does to config.ini' }),
  ).toContainText('port = 8080');
  await turn.confirm(2);

  expect(readFileSync(config, 'utf8')).toBe('[server]\nport = 8080\n');
  expect(existsSync(join(folder, 'NOTES.md'))).toBe(false);
  // A file the turn did not change is never touched.
  expect(readFileSync(untouched, 'utf8')).toBe('changed by hand after the turn\n');
  // The note is in the conversation, for the agent to read with the next message.
  await expect
    .poll(async () => JSON.stringify(await server.events(id)))
    .toContain('I put these files back to how they were before your last turn: config.ini, NOTES.md.');
});
