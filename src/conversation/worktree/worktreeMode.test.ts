import { describe, expect, it } from 'vitest';
import {
  branchOf,
  commitCommand,
  madeWorktree,
  pullRequestReadiness,
  pullRequestUrl,
  suggestedCommitMessage,
  worktreeOf,
  worktreeRequest,
  worktreeTag,
} from './worktreeMode';

const id = '3f1c2a4e-0000-4000-8000-0000000000aa';
const info = (tags: Record<string, string>, workingDir = `/srv/worktrees/${id}/project`) => ({
  id,
  tags,
  workspace: { working_dir: workingDir },
});

describe('a conversation in its own worktree', () => {
  it('asks the server for one from the base chosen, on a branch Tether names', () => {
    expect(worktreeRequest({ base: 'default_branch' })).toEqual({
      worktree: true,
      worktree_options: { base: 'default_branch', branch_prefix: 'tether/' },
    });
    expect(worktreeRequest({ base: 'ref', ref: ' v1.2 ' }).worktree_options).toMatchObject({
      base: 'ref',
      ref: 'v1.2',
    });
  });

  it('keeps what it started from in a tag, and reads it back', () => {
    for (const choice of [
      { base: 'default_branch' },
      { base: 'head' },
      { base: 'ref', ref: 'main' },
    ] as const)
      expect(worktreeOf(info({ tetherworktree: worktreeTag(choice) }))).toEqual(choice);
    expect(worktreeOf(info({}))).toBeUndefined();
  });

  it('shows the branch last read, else the one the server made, and none where the server made no worktree', () => {
    expect(branchOf(info({ tetherworktree: 'head' }))).toBe(`tether/${id}`);
    expect(branchOf(info({ tetherworktree: 'head', tetherbranch: 'fix-greeting' }))).toBe('fix-greeting');
    expect(madeWorktree(info({ tetherworktree: 'head' }, '/srv/project'))).toBe(false);
    expect(branchOf(info({ tetherworktree: 'head' }, '/srv/project'))).toBeUndefined();
    expect(branchOf(info({}))).toBeUndefined();
  });

  it('commits with the person’s message as one word for the shell', () => {
    expect(commitCommand("Don't panic")).toBe(
      "git add -A && git commit -q -m 'Don'\\''t panic' && git rev-parse --short HEAD",
    );
  });

  it('says what a pull request needs that is missing', () => {
    expect(pullRequestReadiness('git@example.com:o/r.git\n--\n/usr/bin/gh\n')).toEqual({
      kind: 'ready',
      remote: 'git@example.com:o/r.git',
    });
    expect(pullRequestReadiness('--\n/usr/bin/gh\n')).toEqual({ kind: 'no-remote' });
    expect(pullRequestReadiness('/srv/origin.git\n--\n')).toEqual({
      kind: 'no-gh',
      remote: '/srv/origin.git',
    });
    expect(pullRequestUrl('Creating pull request\nhttps://github.com/o/r/pull/7\n')).toBe(
      'https://github.com/o/r/pull/7',
    );
  });

  it('suggests the newest request’s first line as the commit subject', () => {
    expect(suggestedCommitMessage('Say hello in French\n\nand nothing else')).toBe('Say hello in French');
    expect(suggestedCommitMessage('x'.repeat(100))).toHaveLength(72);
    expect(suggestedCommitMessage(undefined)).toBe('');
  });
});
