import { PLAN_TAG, tagOf } from '../../../conversation/conversationTags';
import type { HeaderFacts } from '../useConversation';

/**
 * The dialogs the header's tools open: one at a time, from the menu or the command palette.
 * `raise` is the limits dialog opened at a stop: it saves and continues the run. `planNext` plans
 * the next turn in a child conversation (plan/PlanNextTurnDialog.tsx).
 */
export type ToolDialog = 'export' | 'share' | 'model' | 'usage' | 'limits' | 'raise' | 'planNext';

/**
 * Where the next turn can be planned first: a conversation with a folder (its planner works
 * there) that is not itself a plan.
 */
export const plansNextTurn = (c: Pick<HeaderFacts, 'title' | 'repository' | 'info'>): boolean =>
  c.title !== undefined && c.repository !== undefined && !tagOf(c.info, PLAN_TAG);
