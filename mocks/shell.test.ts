import { describe, expect, it, vi } from 'vitest';
import { MockShell, type BashOutputEvent } from './shell';
import { MockWorkspace, WORKSPACE_ROOT } from './workspace';

/** The command's output once the shell has written it. */
const ended = (shell: MockShell, id: string): Promise<BashOutputEvent> =>
  vi.waitFor(() => {
    const output = shell.events.find(
      (event): event is BashOutputEvent => event.kind === 'BashOutput' && event.command_id === id,
    );
    if (!output) throw new Error(`${id} has not ended`);
    return output;
  });

describe('the mock shell', () => {
  it('runs a line as /bin/sh would: lists, files, exit codes, and what it does not know', async () => {
    const shell = new MockShell(new MockWorkspace(), WORKSPACE_ROOT);
    const line = shell.start(
      "pwd; echo 'made by hand' > hand.txt && cat hand.txt; false || echo recovered; nope",
      null,
      300,
    );
    expect(line.cwd).toBe(WORKSPACE_ROOT);
    expect(await ended(shell, line.id)).toMatchObject({
      exit_code: 127,
      stdout: `${WORKSPACE_ROOT}\nmade by hand\nrecovered\n`,
      stderr: '/bin/sh: 1: nope: not found\n',
    });
    const listing = shell.start('ls', null, 300);
    expect((await ended(shell, listing.id)).stdout).toContain('hand.txt\n');
    const exit = shell.start('exit 3; echo never', null, 300);
    expect(await ended(shell, exit.id)).toMatchObject({ exit_code: 3, stdout: null });
  });

  it('a stop ends a sleeping command with -15 and what it had printed; an unknown id is not stopped', async () => {
    const shell = new MockShell(new MockWorkspace(), WORKSPACE_ROOT);
    const slow = shell.start('echo before; sleep 60; echo after', null, 300);
    expect(shell.stop(slow.id)).toBe(true);
    expect(await ended(shell, slow.id)).toMatchObject({ exit_code: -15, stdout: 'before\n' });
    expect(shell.stop(slow.id)).toBe(true);
    expect(shell.stop('0'.repeat(32))).toBe(false);
  });
});
