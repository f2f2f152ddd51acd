import { Suspense, useEffect, useMemo, useRef } from 'react';
import { BranchContext } from './branches/branchContext';
import { ReviewContext, type ReviewScope } from './review/reviewScope';
import { useIdleReached } from './useIdleReached';
import { ModelBaseUrl } from './conversation/modelBaseUrl';
import { LimitStops } from './limits/limitStops';
import { stopsTagOf } from '../conversation/limits/limitTags';
import { PLAN_TAG, tagOf } from '../conversation/conversationTags';
import { ChatHistory } from './ChatHistory';
import { noteFirstScreenDrawn } from './useIdleReached';
import { useKeptPaint } from './browserCopy/useKeptPaint';
import { ConversationBanners } from './conversation/ConversationBanners';
import { useFollowRun } from './follow/useFollowRun';
import { FindFocus } from './find/findFocus';
import { useFind } from './find/useFind';
import { useOpenAtEvent } from './search/useOpenAtEvent';
import { useCommand } from './commands/commands';
import { canContinue, canStop } from '../conversation/composerRules';
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

// The workspace panel and its diff and file views load the first time the panel opens.
const WorkspacePanel = lazyPart(() => import('./workspace/WorkspacePanel'));
// A "Plan first" conversation's plan and its answers, and where a conversation's next turn is
// being planned (in a child), load with the first such conversation.
const PlanArea = lazyPart(() => import('./plan/PlanArea'));
// Review comments load once the first screen is drawn: the tray shows only where there are some.
const ReviewTray = lazyPart(() => import('./review/ReviewTray'));
// Approve and Reject load the first time the agent waits for them.
const ConfirmationBar = lazyPart(() =>
  import('./ConfirmationBar').then((module) => ({ default: module.ConfirmationBar })),
);

/** One open conversation: everything it shows comes from its view model (useConversation). */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const t = useT();
  const model = useConversation(conversationId);
  const { settings, log, session, status, activity, title, repository } = model;

  const sectionRef = useRef<HTMLElement>(null);

  const branchScope = useMemo(
    () => ({ settings, conversationId, title, log, session, activity, workspace: model.workspace }),
    [settings, conversationId, title, log, session, activity, model.workspace],
  );
  useFollowRun(conversationId, title, status, model.liveReplies);
  const reviewScope = useMemo<ReviewScope>(
    () => ({
      server: settings.serverUrl,
      conversationId,
      workspace: model.workspace,
      log,
    }),
    [settings.serverUrl, conversationId, model.workspace, log],
  );
  const idleReached = useIdleReached();

  const loadAllOlderRef = useRef(model.loadAllOlder);
  loadAllOlderRef.current = model.loadAllOlder;
  const loadOlderForFind = useMemo(() => (until?: string) => loadAllOlderRef.current(until), []);
  const find = useFind(sectionRef, log, model.olderMatches, loadOlderForFind);
  const openAt = useOpenAtEvent(log, loadOlderForFind, !model.historyPending);

  const workspaceRoute = useWorkspaceRoute();
  const openWorkspace = useOpenWorkspace();
  // Stop and Continue are the conversation's commands, not its header's: Esc and the palette
  // stop a run even while the header's part has failed. Esc stops only from the conversation
  // itself, and only when nothing that Esc closes or leaves is open (keyboard.ts). The header's
  // buttons call the same run.
  const stop = useCommand(
    'stop',
    t('command.stop'),
    () => void session.commands.interrupt(),
    canStop(status, model.stopping),
    { keys: 'stop', when: (event) => escapeStopsAgent(event, sectionRef.current) },
  );
  const continueRun = useCommand(
    'continue',
    t('command.continue'),
    () => void session.commands.continueRun(),
    canContinue(status),
  );
  // Ctrl/⌘+F finds in the conversation when focus is in it; elsewhere it is the browser's find.
  useCommand('find', t('command.find'), find.open, true, {
    keys: 'find',
    when: (event) => event.target instanceof Node && sectionRef.current?.contains(event.target) === true,
  });
  useCommand(
    'workspace',
    workspaceRoute ? t('command.closeWorkspace') : t('command.showWorkspace'),
    () => openWorkspace(workspaceRoute ? undefined : { view: 'changes' }),
    repository !== undefined,
  );

  const { error } = model;
  // The rows (the copy's, or the server's first page), or what the view says instead of them.
  const drawn = !model.historyPending || Boolean(error);
  useEffect(() => {
    if (drawn) noteFirstScreenDrawn();
  }, [drawn]);
  useKeptPaint(settings.serverUrl, conversationId, log, { drawn, keeping: idleReached });
  return (
    <ReviewContext.Provider value={reviewScope}>
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
            <ConversationHeader model={model.header} stop={stop} continueRun={continueRun} />
          </PartBoundary>
          <Announcer session={session} />
          <ConversationBanners
            settings={settings}
            conversationId={model.conversationId}
            session={session}
            connection={model.connection}
            gap={model.gap}
            readingCopy={model.readingCopy}
            checkingCopy={model.checkingCopy}
            runtimeNeedsWords={runtimeNeedsWords(model.info)}
            problem={model.problem}
            error={error}
            retryRead={model.retryRead}
            rejected={log.rejected}
          />
          {model.historyPending && !error && <p className="loading">{t('conversation.loadingHistory')}</p>}
          {find.bar}
          <FindFocus.Provider value={find.focus}>
            <BranchContext.Provider value={branchScope}>
              <ModelBaseUrl.Provider value={model.baseUrl}>
                <LimitStops.Provider value={stopsTagOf(model.info)}>
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
                </LimitStops.Provider>
              </ModelBaseUrl.Provider>
            </BranchContext.Provider>
          </FindFocus.Provider>
          {activity === 'confirming' && (
            <Suspense fallback={null}>
              <ConfirmationBar session={session} />
            </Suspense>
          )}
          {/* Children of any kind load the area, which draws only plans of this one's next turn. */}
          {tagOf(model.info, PLAN_TAG) ||
          (model.info?.sub_conversation_ids as unknown[] | undefined)?.length ? (
            <Suspense fallback={null}>
              <PlanArea model={model} />
            </Suspense>
          ) : null}
          {idleReached && (
            <Suspense fallback={null}>
              <ReviewTray scope={reviewScope} log={log} session={session} activity={activity} />
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
    </ReviewContext.Provider>
  );
}

/** Anything but an available runtime (or a server that does not say) has something to say. */
const runtimeNeedsWords = (info: unknown) => {
  const status = runtimeOf(info)?.status;
  return status !== undefined && status !== 'available';
};
