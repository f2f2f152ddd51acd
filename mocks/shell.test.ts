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

  it('sends stderr where `2>` and `2>&1` say, and writes `2` when it is a word of its own', async () => {
    const shell = new MockShell(new MockWorkspace(), WORKSPACE_ROOT);
    const dropped = shell.start('cat nothing.txt 2>/dev/null; echo after', null, 300);
    expect(await ended(shell, dropped.id)).toMatchObject({ exit_code: 0, stdout: 'after\n', stderr: null });
    const merged = shell.start('cat nothing.txt 2>&1', null, 300);
    expect(await ended(shell, merged.id)).toMatchObject({
      exit_code: 1,
      stdout: 'cat: nothing.txt: No such file or directory\n',
      stderr: null,
    });
    const two = shell.start('echo 2 > two.txt && cat two.txt', null, 300);
    expect((await ended(shell, two.id)).stdout).toBe('2\n');
  });
});

describe('the mock shell’s git', () => {
  const run = async (shell: MockShell, line: string) => ended(shell, shell.start(line, null, 300).id);

  it('answers what Tether asks: the branch, a commit of everything, whether a pull request can open', async () => {
    const workspace = new MockWorkspace();
    const shell = new MockShell(workspace, WORKSPACE_ROOT);
    expect(await run(shell, 'git rev-parse --abbrev-ref HEAD')).toMatchObject({
      exit_code: 0,
      stdout: 'main\n',
    });
    const before = (await run(shell, 'git rev-parse --short HEAD')).stdout;

    const commit = await run(
      shell,
      "git add -A && git commit -q -m 'Say it'\\''s done' && git rev-parse --short HEAD",
    );
    expect(commit.exit_code).toBe(0);
    expect(commit.stdout).not.toBe(before);
    expect(workspace.commitList(WORKSPACE_ROOT, 1).commits[0]).toMatchObject({
      subject: "Say it's done",
      short_sha: commit.stdout!.trim(),
    });
    expect(workspace.changes(WORKSPACE_ROOT)).toEqual([]);
    expect(await run(shell, 'git commit -m again')).toMatchObject({
      exit_code: 1,
      stdout: 'On branch main\nnothing to commit, working tree clean\n',
    });

    // No remote, and no gh: the check prints neither.
    const check = await run(shell, "git remote get-url origin 2>/dev/null; echo '--'; command -v gh");
    expect(check).toMatchObject({ exit_code: 1, stdout: '--\n', stderr: null });
    expect((await run(shell, 'command -v git')).stdout).toBe('/usr/bin/git\n');
  });

  it('refuses outside the repository, and says what it does not do', async () => {
    const shell = new MockShell(new MockWorkspace(), '/tmp');
    expect(await run(shell, 'git status')).toMatchObject({
      exit_code: 128,
      stderr: 'fatal: not a git repository (or any of the parent directories): .git\n',
    });
    const inside = new MockShell(new MockWorkspace(), WORKSPACE_ROOT);
    expect((await run(inside, 'git stash')).stderr).toBe(
      "git stash: the built-in mock's git does not do this\n",
    );
  });
});
