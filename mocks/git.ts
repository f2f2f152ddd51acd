import type { MockWorkspace } from './workspace';

// The mock shell's `git`: what Tether itself asks of git in a conversation's shell (its branch,
// Commit, whether a pull request can be opened; src/conversation/worktree/worktreeMode.ts), in
// the working tree the command runs in (the mock's repository, on `main`, or a conversation's
// worktree, on its own branch), as git answers. There is no remote. Anything else says plainly
// that the mock's git does not do it, rather than pretend.
/** Where `command -v git` finds it. */
export const MOCK_GIT_PATH = '/usr/bin/git';

export function runGit(
  workspace: MockWorkspace,
  args: string[],
  cwd: string,
  printed: { stdout: string; stderr: string },
  now: () => string,
): number {
  const [command, ...rest] = args;
  const branch = workspace.branchAt(cwd);
  if (branch === undefined) {
    printed.stderr += 'fatal: not a git repository (or any of the parent directories): .git\n';
    return 128;
  }
  switch (command) {
    case 'rev-parse':
      if (rest.includes('--abbrev-ref')) printed.stdout += `${branch}\n`;
      else if (rest.includes('--show-toplevel')) printed.stdout += `${workspace.rootOf(cwd)}\n`;
      else if (rest.includes('--short')) printed.stdout += `${workspace.headShortSha(cwd)}\n`;
      else break;
      return 0;
    // The mock's commits take the whole working tree: adding is implied.
    case 'add':
      return 0;
    case 'commit': {
      const message = rest[rest.indexOf('-m') + 1];
      if (!rest.includes('-m') || message === undefined) break;
      if (!workspace.isDirty(cwd)) {
        printed.stdout += `On branch ${branch}\nnothing to commit, working tree clean\n`;
        return 1;
      }
      const made = workspace.commitAll(message, now(), cwd);
      if (!rest.includes('-q')) printed.stdout += `[${branch} ${made.short_sha}] ${message}\n`;
      return 0;
    }
    case 'remote':
      if (rest[0] === 'get-url') {
        printed.stderr += `error: No such remote '${rest.at(-1) ?? ''}'\n`;
        return 2;
      }
      if (rest.length === 0) return 0;
      break;
    case 'push':
      printed.stderr +=
        "fatal: 'origin' does not appear to be a git repository\nfatal: Could not read from remote repository.\n";
      return 128;
  }
  printed.stderr += `git ${args.join(' ')}: the built-in mock's git does not do this\n`;
  return 1;
}
