import { canContinue } from '../../conversation/composerRules';
import { hasCondenser } from '../../conversation/resources/conversations';
import { ApprovalSelect } from '../ApprovalSelect';
import { ConnectionWords } from '../ConnectionStatus';
import { STATUS_WORDS } from '../conversationWords';
import { ExportButton } from '../export/ExportButton';
import { ModelButton } from '../model/ModelButton';
import { UsageButton } from '../usage/UsageButton';
import { useOpenWorkspace, useWorkspaceRoute } from '../workspaceRoute';
import type { ConversationModel } from './useConversation';

/** The conversation's title, state and actions. */
export function ConversationHeader({ model: c }: { model: ConversationModel }) {
  const workspaceRoute = useWorkspaceRoute();
  const openWorkspace = useOpenWorkspace();
  const { session, status, stopping, settings, conversationId, title, info } = c;
  return (
    <header className="conversation-header">
      <h1 id="conversation-title">
        {title !== undefined ? title : c.infoFailed ? 'Conversation unavailable' : 'Loading…'}
      </h1>
      {status && (
        <span className={`status status-${status}`} data-status={status}>
          {stopping ? 'Stopping…' : (STATUS_WORDS[status] ?? status)}
        </span>
      )}
      <ConnectionWords connection={c.connection} />
      <div className="header-actions">
        {/* First: on a phone the actions scroll sideways, and Stop must never be out of sight. */}
        {status === 'running' && (
          <button type="button" className="stop" disabled={stopping} onClick={() => void session.interrupt()}>
            {stopping ? 'Stopping…' : 'Stop'}
          </button>
        )}
        {canContinue(status) && (
          <button type="button" onClick={() => void session.continueRun()}>
            Continue
          </button>
        )}
        {c.repository && (
          <button
            type="button"
            aria-expanded={workspaceRoute !== undefined}
            onClick={() => openWorkspace(workspaceRoute ? undefined : { view: 'changes' })}
          >
            Workspace
          </button>
        )}
        {title !== undefined && (
          <ExportButton settings={settings} conversationId={conversationId} title={title} />
        )}
        {c.model !== undefined && (
          <ModelButton
            settings={settings}
            conversationId={conversationId}
            model={c.model}
            baseUrl={c.baseUrl}
          />
        )}
        {info && (
          <UsageButton
            settings={settings}
            conversationId={conversationId}
            usage={c.usage}
            canCompact={hasCondenser(info)}
          />
        )}
        <ApprovalSelect session={session} policy={info?.confirmation_policy?.kind} />
      </div>
    </header>
  );
}
