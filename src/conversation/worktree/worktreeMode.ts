import { BRANCH_TAG, tagOf, WORKTREE_TAG } from '../conversationTags';
import { clipped } from '../clipped';
import { shellWord } from '../shellWord';

export { BRANCH_TAG, WORKTREE_TAG };

// A conversation in its own git worktree (issue 45, point 5). The agent-server makes one when a
// conversation starts with `worktree: true` (conversation_service.py): a `git worktree add -b
// <prefix><conversation id>` of the folder's repository, from its default branch, its HEAD or a
// ref, under the server's worktree root, and the conversation's working_dir becomes the
// worktree's copy of the folder. A folder that is not in a repository gets no worktree and no
// word of it; Tether asks before it starts. The agent is told to work on a new branch of its own
// there, so the branch is read from the worktree rather than assumed.

/** What a worktree starts from, in the server's words. */
export type WorktreeBase = 'default_branch' | 'head' | 'ref';

export interface WorktreeChoice {
  base: WorktreeBase;
  /** A branch, tag or commit, for `ref`. */
  ref?: string;
}

/** The start of the branch the server makes; the conversation's id ends it. */
export const BRANCH_PREFIX = 'tether/';

/** What the conversation's start asks of the server. */
export function worktreeRequest(choice: WorktreeChoice) {
  return {
    worktree: true,
    worktree_options: {
      base: choice.base,
      ...(choice.base === 'ref' ? { ref: choice.ref?.trim() } : {}),
      branch_prefix: BRANCH_PREFIX,
    },
  };
}

/** The tag's value: what it started from (a tag value holds at most 256 characters). */
export const worktreeTag = (choice: WorktreeChoice): string =>
  (choice.base === 'ref' ? `ref:${choice.ref?.trim() ?? ''}` : choice.base).slice(0, 256);

/** What a conversation's tag says it started from; undefined where it has no worktree. */
export function worktreeOf(info: unknown): WorktreeChoice | undefined {
  const tag = tagOf(info, WORKTREE_TAG);
  if (!tag) return undefined;
  if (tag.startsWith('ref:')) return { base: 'ref', ref: tag.slice(4) };
  return tag === 'head' ? { base: 'head' } : { base: 'default_branch' };
}

/**
 * Whether the server made the worktree it was asked for: the conversation's working_dir is then
 * inside `<worktree root>/<conversation id>/`. A server that could not (a folder outside any
 * repository) starts the conversation in the folder itself, without a word.
 */
export function madeWorktree(info: unknown): boolean {
  const id = (info as { id?: unknown } | undefined)?.id;
  const dir = (info as { workspace?: { working_dir?: unknown } } | undefined)?.workspace?.working_dir;
  return typeof id === 'string' && typeof dir === 'string' && dir.split('/').includes(id);
}

/** The branch to show: as last read, else the one the server made; none without a worktree made. */
export function branchOf(info: unknown): string | undefined {
  if (!worktreeOf(info) || !madeWorktree(info)) return undefined;
  const read = tagOf(info, BRANCH_TAG);
  if (read) return read;
  const id = (info as { id?: unknown }).id;
  return typeof id === 'string' ? `${BRANCH_PREFIX}${id}` : undefined;
}

/** Prints the worktree's branch (HEAD when detached). */
export const BRANCH_COMMAND = 'git rev-parse --abbrev-ref HEAD';

/** Commits everything in the worktree with the person's message; prints the new commit's short sha. */
export const commitCommand = (message: string) =>
  `git add -A && git commit -q -m ${shellWord(message)} && git rev-parse --short HEAD`;

/** Says whether a pull request can be opened from here: the remote's address, then gh's path. */
export const PULL_REQUEST_CHECK = "git remote get-url origin 2>/dev/null; echo '--'; command -v gh";

export type PullRequestReadiness =
  { kind: 'ready'; remote: string } | { kind: 'no-remote' } | { kind: 'no-gh'; remote: string };

export function pullRequestReadiness(output: string): PullRequestReadiness {
  const [remotePart = '', ghPart = ''] = output.split(/^--$/m);
  const remote = remotePart.trim();
  if (!remote) return { kind: 'no-remote' };
  return ghPart.trim() ? { kind: 'ready', remote } : { kind: 'no-gh', remote };
}

/** Pushes the branch to origin and opens a pull request of it with gh, its title and body from the commits. */
export const PULL_REQUEST_COMMAND = 'git push -q -u origin HEAD 2>&1 && gh pr create --fill 2>&1';

/** The pull request's address in what gh printed. */
export function pullRequestUrl(output: string): string | undefined {
  return output.match(/https?:\/\/\S+/g)?.at(-1);
}

/** The first line of the person's newest request, as a commit's subject (git's 72 columns). */
export function suggestedCommitMessage(request: string | undefined): string {
  return clipped((request ?? '').trim().split('\n')[0] ?? '', 72);
}
