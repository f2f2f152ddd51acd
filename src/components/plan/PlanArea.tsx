import { PLAN_TAG, tagOf } from '../../conversation/conversationTags';
import type { ConversationModel } from '../conversation/useConversation';
import { NextTurnPlans } from './NextTurnPlans';
import { PlanPanel } from './PlanPanel';

/**
 * Above the composer, loaded as one part: a planning conversation's plan and its answers, and a
 * conversation's word on where its next turn is being planned.
 */
export default function PlanArea({ model }: { model: ConversationModel }) {
  return (
    <>
      {tagOf(model.info, PLAN_TAG) && <PlanPanel model={model} />}
      <NextTurnPlans settings={model.settings} conversationId={model.conversationId} info={model.info} />
    </>
  );
}
