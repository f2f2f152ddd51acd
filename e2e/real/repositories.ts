import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
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
