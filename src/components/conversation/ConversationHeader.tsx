import { memo, Suspense, useCallback, useState } from 'react';
import { canContinue } from '../../conversation/composerRules';
import { hasLimitTags } from '../../conversation/limits/limitTags';
import { tagOf, WORKTREE_TAG } from '../../conversation/conversationTags';
import { lazyPart } from '../boundaries/lazyPart';
import { useCommand } from '../commands/commands';
import { ConnectionWords } from '../ConnectionStatus';
import { statusWords } from '../conversationWords';
import { useT } from '../../i18n/i18n';
import { useOpenWorkspace, useWorkspaceRoute } from '../workspaceRoute';
import { SidePanelIcon } from './tools/icons';
import { plansNextTurn, type ToolDialog } from './tools/toolDialogs';
import { ToolDialogs, ToolsMenu } from './tools/ToolsMenu';

// Only child conversations name a parent: the link loads with the first.
const ParentLink = lazyPart(() => import('../children/ParentLink'));
// Only a conversation with a budget shows its meter.
const BudgetMeter = lazyPart(() => import('../limits/BudgetMeter'));
// A conversation in its own worktree shows its branch; the rest of the worktree's code loads with it.
const WorktreeBranch = lazyPart(() => import('../worktree/WorktreeBranch'));
import type { HeaderFacts } from './useConversation';

/**
 * The conversation's title and state, what acts on the run (Stop, Continue), the workspace, and
 * one menu for the rest, so that the header reads at a glance and fits a phone on one line.
 */
export const ConversationHeader = memo(function ConversationHeader({
  model: c,
  stop,
  continueRun,
}: {
  model: HeaderFacts;
  /** The Stop and Continue commands' run (registered by the view, so they outlive this part). */
  stop: () => void;
  continueRun: () => void;
}) {
  const workspaceRoute = useWorkspaceRoute();
  const openWorkspace = useOpenWorkspace();
  const { status, stopping, title } = c;
  const [dialog, setDialog] = useState<ToolDialog | undefined>(undefined);
  const closeDialog = useCallback(() => setDialog(undefined), []);
  const t = useT();
  // The palette reaches the menu's dialogs whether or not the menu has loaded.
  useCommand('export', t('conversation.command.export'), () => setDialog('export'), title !== undefined);
  useCommand('share', t('conversation.command.share'), () => setDialog('share'), title !== undefined);
  useCommand('model', t('conversation.command.model'), () => setDialog('model'), c.model !== undefined);
  useCommand('usage', t('conversation.command.usage'), () => setDialog('usage'), c.info !== undefined);
  useCommand('limits', t('conversation.command.limits'), () => setDialog('limits'), c.info !== undefined);
  useCommand('plan-next', t('conversation.command.planNext'), () => setDialog('planNext'), plansNextTurn(c));
  // Offered where a stop at a limit can be gone on from (the stop's note has its button).
  const limited = hasLimitTags(c.info);
  useCommand(
    'raise-limits',
    t('conversation.command.raiseLimits'),
    () => setDialog('raise'),
    limited && canContinue(status),
  );
  return (
    <header className="conversation-header">
      <h1 id="conversation-title">
        {title !== undefined
          ? title
          : c.infoFailed
            ? t('conversation.unavailable')
            : t('conversation.loading')}
      </h1>
      {status && (
        <span className={`status status-${status}`} data-status={status}>
          {stopping ? t('status.stopping') : statusWords(status)}
        </span>
      )}
      <ConnectionWords connection={c.connection} />
      {c.info?.parent_conversation_id && (
        <Suspense fallback={null}>
          <ParentLink id={c.info.parent_conversation_id} />
        </Suspense>
      )}
      {tagOf(c.info, WORKTREE_TAG) && (
        <Suspense fallback={null}>
          <WorktreeBranch info={c.info} settings={c.settings} repository={c.repository} />
        </Suspense>
      )}
      <div className="header-actions">
        {limited && (
          <Suspense fallback={null}>
            <BudgetMeter
              info={c.info}
              stats={[c.statsFromInfo, c.statsFromEvents]}
              onOpen={() => setDialog('limits')}
            />
          </Suspense>
        )}
        {status === 'running' && (
          <button type="button" className="stop" disabled={stopping} onClick={stop}>
            {stopping ? t('status.stopping') : t('conversation.stop')}
          </button>
        )}
        {canContinue(status) && (
          <button type="button" onClick={continueRun}>
            {t('conversation.continue')}
          </button>
        )}
        {c.repository && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('conversation.workspace')}
            title={t('conversation.workspace')}
            aria-expanded={workspaceRoute !== undefined}
            onClick={() => openWorkspace(workspaceRoute ? undefined : { view: 'changes' })}
          >
            <SidePanelIcon />
          </button>
        )}
        <ToolsMenu model={c} onChoose={setDialog} />
      </div>
      {dialog && (
        <Suspense fallback={null}>
          <ToolDialogs dialog={dialog} model={c} continueRun={continueRun} onClose={closeDialog} />
        </Suspense>
      )}
    </header>
  );
});
