import { Suspense, useEffect, useMemo, useRef } from 'react';
import { describeError } from '../agent-server/client';
import { canContinue, canStop } from '../conversation/composerRules';
import { BranchContext } from './branches/branchContext';
import { ModelBaseUrl } from './conversation/modelBaseUrl';
import { ChatHistory } from './ChatHistory';
import { ConnectionTrouble } from './ConnectionStatus';
import { useFollowRun } from './follow/useFollowRun';
import { FindFocus } from './find/findFocus';
import { useFind } from './find/useFind';
import { useOpenAtEvent } from './search/useOpenAtEvent';
import { useCommand } from './commands/commands';
import { escapeStopsAgent } from './keyboard';
import { Composer } from './Composer';
import { LiveFooter } from './LiveFooter';
import { useOpenWorkspace, useWorkspaceRoute } from './workspaceRoute';
import { lazyPart } from './boundaries/lazyPart';
import { useConversation } from './conversation/useConversation';
import { ConversationHeader } from './conversation/ConversationHeader';
import { PartBoundary } from './boundaries/PartBoundary';
import { Failed } from './boundaries/Failed';
import { Announcer } from './conversation/Announcer';
import { runtimeOf } from '../agent-server/runtime';
import { useT } from '../i18n/i18n';
import { formatDate } from '../i18n/format';

// The workspace panel and its diff and file views load the first time the panel opens.
const WorkspacePanel = lazyPart(() => import('./workspace/WorkspacePanel'));
// Said only when the conversation's runtime is not simply available (rare, and never on a local
// server): it loads then.
const RuntimeBanner = lazyPart(() => import('./runtime/RuntimeBanner'));
// Approve and Reject load the first time the agent waits for them.
const ConfirmationBar = lazyPart(() =>
  import('./ConfirmationBar').then((module) => ({ default: module.ConfirmationBar })),
);

/** One open conversation: everything it shows comes from its view model (useConversation). */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const t = useT();
  const model = useConversation(conversationId);
  const { settings, log, session, status, activity, stopping, title, repository } = model;

  // Esc stops the agent, as the Stop button does — only from the conversation itself, and only
  // when nothing that Esc closes or leaves is open (see keyboard.ts).
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (escapeStopsAgent(event, sectionRef.current) && canStop(status, stopping))
        void session.commands.interrupt();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session, status, stopping]);

  const branchScope = useMemo(
    () => ({ settings, conversationId, title, log, session, activity }),
    [settings, conversationId, title, log, session, activity],
  );
  useFollowRun(conversationId, title, status, model.liveReplies);

  const loadAllOlderRef = useRef(model.loadAllOlder);
  loadAllOlderRef.current = model.loadAllOlder;
  const loadOlderForFind = useMemo(() => (until?: string) => loadAllOlderRef.current(until), []);
  const find = useFind(sectionRef, log, model.olderMatches, loadOlderForFind);
  const openAt = useOpenAtEvent(log, loadOlderForFind, !model.historyPending);

  const workspaceRoute = useWorkspaceRoute();
  const openWorkspace = useOpenWorkspace();
  useCommand('stop', t('command.stop'), () => void session.commands.interrupt(), canStop(status, stopping));
  useCommand(
    'continue',
    t('command.continue'),
    () => void session.commands.continueRun(),
    canContinue(status),
  );
  useCommand('find', t('command.find'), find.open);
  useCommand(
    'workspace',
    workspaceRoute ? t('command.closeWorkspace') : t('command.showWorkspace'),
    () => openWorkspace(workspaceRoute ? undefined : { view: 'changes' }),
    repository !== undefined,
  );

  const { error } = model;
  return (
    <div className={`conversation-area${workspaceRoute && repository ? ' with-workspace' : ''}`}>
      <section className="conversation" aria-labelledby="conversation-title" ref={sectionRef}>
        <PartBoundary
          fallback={(retry) => (
            <>
              {/* The section is named by the title: it stays, even when the header failed. */}
              <h1 id="conversation-title" className="visually-hidden">
                {model.title ?? t('conversation.loading')}
              </h1>
              <Failed part="header" retry={retry} />
            </>
          )}
        >
          <ConversationHeader model={model} />
        </PartBoundary>
        <Announcer session={session} />
        <ConnectionTrouble connection={model.connection} gap={model.gap} session={session} />
        {model.readingCopy !== undefined && model.connection.kind !== 'open' && (
          <div className="banner warning" role="status">
            {t('conversation.readingCopy', {
              time: formatDate(new Date(model.readingCopy), { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </div>
        )}
        {model.checkingCopy !== undefined && (
          <p className="copy-checking" role="status">
            {t('conversation.checkingCopy', {
              time: formatDate(new Date(model.checkingCopy), { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </p>
        )}
        {runtimeNeedsWords(model.info) && (
          <Suspense fallback={null}>
            <RuntimeBanner settings={settings} conversationId={model.conversationId} />
          </Suspense>
        )}
        {model.problem && (
          <div className="banner error" role="alert">
            {model.problem}
          </div>
        )}
        {error && (
          <div className="banner error" role="alert">
            {describeError(error)}{' '}
            <button type="button" onClick={model.retryRead}>
              {t('conversation.tryAgain')}
            </button>
          </div>
        )}
        {log.rejected > 0 && (
          <div className="banner warning" role="status">
            {t('conversation.malformed', { count: log.rejected })}
          </div>
        )}
        {model.historyPending && !error && <p className="loading">{t('conversation.loadingHistory')}</p>}
        {find.bar}
        <FindFocus.Provider value={find.focus}>
          <BranchContext.Provider value={branchScope}>
            <ModelBaseUrl.Provider value={model.baseUrl}>
              <ChatHistory
                log={log}
                activity={activity}
                hasOlder={model.hasOlder}
                loadingOlder={model.loadingOlder}
                loadOlder={model.loadOlder}
                loadAllOlder={model.loadAllOlder}
                jumpTo={find.jumpTo ?? openAt}
                footer={
                  <>
                    <LiveFooter session={session} model={model.model} />
                    {model.restartNotice && (
                      <div className="chat-row notice">{t('conversation.restartNotice')}</div>
                    )}
                  </>
                }
              />
            </ModelBaseUrl.Provider>
          </BranchContext.Provider>
        </FindFocus.Provider>
        {activity === 'confirming' && (
          <Suspense fallback={null}>
            <ConfirmationBar session={session} />
          </Suspense>
        )}
        <Composer session={session} settings={settings} workingDir={repository} />
      </section>
      {workspaceRoute && model.workspace && (
        <Suspense
          fallback={
            <aside className="workspace-panel" aria-label={t('conversation.workspace')} aria-busy="true" />
          }
        >
          <WorkspacePanel
            workspace={model.workspace}
            route={workspaceRoute}
            log={log}
            status={status}
            hasOlder={model.hasOlder}
            loadAllOlder={model.loadAllOlder}
          />
        </Suspense>
      )}
    </div>
  );
}

/** Anything but an available runtime (or a server that does not say) has something to say. */
const runtimeNeedsWords = (info: unknown) => {
  const status = runtimeOf(info)?.status;
  return status !== undefined && status !== 'available';
};
