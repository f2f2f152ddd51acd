import { PLAN_TAG, tagOf } from '../conversationTags';

// "Plan first": a conversation whose agent has the server's planning tools only (glob, grep, the
// planning file editor, which edits PLAN.md and nothing else, and the task tracker; no terminal,
// no general file editor) and its planning prompt. The server fixes a conversation's tools when
// it starts, so the approved plan is built in a new conversation with the full tools, whose first
// message is the plan. Where a plan stands is kept in the planning conversation's tags.

/** On the build conversation: the plan it carries out. */
export const BUILT_FROM_TAG = 'tetherplanof';

/** The planning tools, by the names the agent-server registers them under. */
export const PLANNING_TOOLS = [
  { name: 'glob' },
  { name: 'grep' },
  { name: 'planning_file_editor' },
  { name: 'task_tracker' },
];
/** A second opinion's tools: it may search the code, and change nothing. */
export const READING_TOOLS = [{ name: 'glob' }, { name: 'grep' }];
/** What a new conversation's agent is there to do, which fixes its tools. */
export type AgentKind = 'work' | 'plan' | 'review';
/** The server's planning preset (sdk/agent/base.py, `_PRESET_BY_FILENAME`). */
export const PLANNING_PROMPT = 'system_prompt_planning.j2';
/** Where the planning file editor keeps the plan unless told otherwise, under the working_dir. */
export const DEFAULT_PLAN_PATH = '.agents_tmp/PLAN.md';

export type PlanState =
  { kind: 'planning' } | { kind: 'approved'; buildId: string } | { kind: 'discarded' } | { kind: 'none' };

/** Where the conversation's plan stands, by its tags. */
export function planStateOf(info: unknown): PlanState {
  const value = tagOf(info, PLAN_TAG);
  if (value === 'planning') return { kind: 'planning' };
  if (value === 'discarded') return { kind: 'discarded' };
  if (value?.startsWith('approved:') && value.length > 'approved:'.length)
    return { kind: 'approved', buildId: value.slice('approved:'.length) };
  return { kind: 'none' };
}

/** The tag value of a state. */
export const planTag = (state: Exclude<PlanState, { kind: 'none' }>): string =>
  state.kind === 'approved' ? `approved:${state.buildId}` : state.kind;

/** The plan a build conversation carries out, if it is one. */
export function builtFrom(info: unknown): string | undefined {
  return tagOf(info, BUILT_FROM_TAG) || undefined;
}

/**
 * The plan's file: the path of the newest successful edit of the planning file editor when
 * there is one (the server may use a PLAN.md it found at the workspace's root), else the default.
 */
export function planPathOf(workingDir: string, newestPlanEdit: string | undefined): string {
  if (newestPlanEdit) return newestPlanEdit;
  return `${workingDir.replace(/\/+$/, '')}/${DEFAULT_PLAN_PATH}`;
}

/**
 * The conversation whose next turn a planning conversation plans: its parent. "Plan the next
 * turn first" cannot take a running conversation's tools away, so the plan is written in a child
 * with the planning tools, and the approved plan goes back to the parent as its next message.
 */
export function nextTurnOf(info: unknown): string | undefined {
  if (planStateOf(info).kind === 'none') return undefined;
  const parent = (info as { parent_conversation_id?: unknown } | undefined)?.parent_conversation_id;
  return typeof parent === 'string' && parent ? parent : undefined;
}

/** How much of the parent's newest request and answer the planner is given to start from. */
export const CONTEXT_CHARS = 2000;
