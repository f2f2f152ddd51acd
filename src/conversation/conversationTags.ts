import { isRecord } from '../agent-server/protocol';

// Tether keeps some of a conversation's facts in its `tags` on the server (limits, a plan): what
// every screen asks of them, small enough to load with the first screen.

/** Where a "Plan first" conversation's plan stands (plan/planMode.ts). */
export const PLAN_TAG = 'tetherplan';
/** What a conversation in its own git worktree started from (worktree/worktreeMode.ts). */
export const WORKTREE_TAG = 'tetherworktree';
/** Its worktree's branch as last read, so that a list shows it without reading git. */
export const BRANCH_TAG = 'tetherbranch';

export type Tags = Record<string, string>;

/** One of the conversation's tags, when its info holds it as text. */
export function tagOf(info: unknown, key: string): string | undefined {
  const tags = isRecord(info) && isRecord(info.tags) ? info.tags : undefined;
  const value = tags?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** All the conversation's tags as the server sent them (any that is not text reads as none). */
export function tagsOf(info: unknown): Tags {
  const tags = isRecord(info) && isRecord(info.tags) ? info.tags : {};
  const kept: Tags = {};
  for (const [key, value] of Object.entries(tags)) if (typeof value === 'string') kept[key] = value;
  return kept;
}
