import { describe, expect, it } from 'vitest';
import type { ShellCommandEvent, ShellOutputEvent } from '../../agent-server/shell';
import { isRunning, shellEntries, shellOutcome } from './shellLog';

const command = (id: string, text: string, at: string): ShellCommandEvent => ({
  kind: 'BashCommand',
  id,
  timestamp: at,
  command: text,
  cwd: '/workspace',
  timeout: 3600,
});
const output = (
  id: string,
  commandId: string,
  order: number,
  piece: Partial<Pick<ShellOutputEvent, 'stdout' | 'stderr' | 'exit_code'>>,
): ShellOutputEvent => ({
  kind: 'BashOutput',
  id,
  timestamp: `2026-11-25T10:00:0${order}Z`,
  command_id: commandId,
  order,
  exit_code: null,
  stdout: null,
  stderr: null,
  ...piece,
});

describe('the person’s shell', () => {
  it('joins each command’s pieces in the server’s order, whatever order they were read in', () => {
    const entries = shellEntries([
      command('b', 'yes | head', '2026-11-25T10:00:05Z'),
      output('o2', 'b', 1, { stdout: 'tail\n', exit_code: 0 }),
      command('a', 'pwd', '2026-11-25T10:00:01Z'),
      output('o1', 'b', 0, { stdout: 'head ' }),
      output('o0', 'a', 0, { stdout: '/workspace\n', stderr: 'warning\n', exit_code: 0 }),
      output('o1', 'b', 0, { stdout: 'head ' }),
    ]);
    expect(entries.map((entry) => [entry.command, entry.stdout, entry.stderr, entry.exitCode])).toEqual([
      ['pwd', '/workspace\n', 'warning\n', 0],
      ['yes | head', 'head tail\n', '', 0],
    ]);
  });

  it('a command without its last piece is running; how each ended reads in words', () => {
    const [running, failed, stopped, timedOut] = shellEntries([
      command('a', 'sleep 60', '2026-11-25T10:00:01Z'),
      command('b', 'false', '2026-11-25T10:00:02Z'),
      output('ob', 'b', 0, { exit_code: 1 }),
      command('c', 'sleep 60', '2026-11-25T10:00:03Z'),
      output('oc', 'c', 0, { exit_code: -15 }),
      command('d', 'sleep 9999', '2026-11-25T10:00:04Z'),
      output('od', 'd', 0, { exit_code: -1 }),
    ]);
    expect(isRunning(running!)).toBe(true);
    expect(shellOutcome(running!)).toBe('running…');
    expect(shellOutcome(failed!)).toBe('exit code 1');
    expect(shellOutcome(stopped!)).toBe('stopped');
    expect(shellOutcome(timedOut!)).toMatch(/timed out/);
    expect(isRunning(failed!)).toBe(false);
  });
});
