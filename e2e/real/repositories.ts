import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A repository with one commit of `files`, in a folder of its own: a conversation's workspace. */
export function makeRepository(root: string, name: string, files: Record<string, string>): string {
  const repo = join(root, name);
  mkdirSync(repo, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
  git('init', '-q');
  for (const [path, text] of Object.entries(files)) writeFileSync(join(repo, path), text);
  git('add', '-A');
  git('-c', 'user.name=T', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'Start');
  return repo;
}

/** What the gh stand-in in `root` was asked, a line a call. */
export const ghAsked = (root: string) => join(root, 'gh-asked.txt');

/**
 * GitHub's command line, as a stand-in in `root`'s bin that records what it was asked
 * (`ghAsked`) and answers with a pull request's address, as gh does; the PATH that finds it.
 * Every worker's server has it, so the pull-request journey needs no server of its own (a start
 * costs about 7 CPU-seconds); a journey without a remote never reaches it.
 */
export function ghStandIn(root: string): string {
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, 'gh'),
    `#!/bin/sh\necho "$@" >> '${ghAsked(root)}'\necho 'https://github.example/tether/demo/pull/7'\n`,
  );
  chmodSync(join(bin, 'gh'), 0o755);
  return `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`;
}
