import { Suspense } from 'react';
import { hasCondenser } from '../../../conversation/resources/conversationWrites';
import { conversationUsage } from '../../../conversation/usage/usage';
import { lazyPart } from '../../boundaries/lazyPart';
import type { HeaderFacts } from '../useConversation';
import type { ToolDialog } from './toolDialogs';

// Each dialog, with what only it needs (the transcript writer, the switch form, the breakdown
// and Compact), loads on its first opening.
const ExportDialog = lazyPart(() => import('../../export/ExportDialog'));
const ShareDialog = lazyPart(() => import('../../share/ShareDialog'));
const ModelDialog = lazyPart(() => import('../../model/ModelDialog'));
const UsageDialog = lazyPart(() => import('../../usage/UsageDialog'));
const LimitsDialog = lazyPart(() => import('../../limits/LimitsDialog'));
const PlanNextTurnDialog = lazyPart(() => import('../../plan/PlanNextTurnDialog'));

/** The one tool dialog open, over the conversation. */
export default function ToolDialogs({
  dialog,
  model: c,
  continueRun,
  onClose,
}: {
  dialog: ToolDialog;
  model: HeaderFacts;
  /** The run's Continue: the `raise` dialog calls it once the limits are saved. */
  continueRun: () => void;
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      {dialog === 'export' && c.title !== undefined && (
        <ExportDialog
          settings={c.settings}
          conversation={{ id: c.conversationId, title: c.title }}
          onClose={onClose}
        />
      )}
      {dialog === 'share' && c.title !== undefined && (
        <ShareDialog
          settings={c.settings}
          conversation={{ id: c.conversationId, title: c.title }}
          onClose={onClose}
        />
      )}
      {dialog === 'model' && c.model !== undefined && (
        <ModelDialog
          settings={c.settings}
          conversationId={c.conversationId}
          current={{ model: c.model, baseUrl: c.baseUrl }}
          onClose={onClose}
        />
      )}
      {dialog === 'usage' && (
        <UsageDialog
          settings={c.settings}
          conversationId={c.conversationId}
          usage={conversationUsage(c.statsFromInfo, c.statsFromEvents)}
          canCompact={hasCondenser(c.info)}
          onClose={onClose}
        />
      )}
      {(dialog === 'limits' || dialog === 'raise') && (
        <LimitsDialog
          settings={c.settings}
          conversationId={c.conversationId}
          info={c.info}
          usage={conversationUsage(c.statsFromInfo, c.statsFromEvents)}
          continueRun={dialog === 'raise' ? continueRun : undefined}
          onClose={onClose}
        />
      )}
      {dialog === 'planNext' && c.title !== undefined && c.repository !== undefined && (
        <PlanNextTurnDialog
          settings={c.settings}
          conversationId={c.conversationId}
          title={c.title}
          info={c.info}
          workingDir={c.repository}
          onClose={onClose}
        />
      )}
    </Suspense>
  );
}
