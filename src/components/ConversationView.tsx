import { Suspense, useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { describeError, httpStatus } from '../agent-server/client';
import { isRecord, type Page } from '../agent-server/protocol';
import type { StreamState } from '../conversation/streamItems';
import { useConnectionSettings } from '../agent-server/settings';
import { activityOf, canContinue, canStop } from '../conversation/composerRules';
import { conversationQuery, hasCondenser } from '../conversation/resources/conversations';
import {
  eventHistoryQuery,
  firstUserMessageQuery,
  olderMessageMatches,
} from '../conversation/resources/events';
import { agentServerClients } from '../agent-server/client';
import { useConversationSession } from '../conversation/useConversationSession';
import { eventLogFor } from '../conversation/eventLog';
import { useHeadFromInfo } from './branches/useHeadFromInfo';
import { BranchContext } from './branches/branchContext';
import { ChatHistory } from './ChatHistory';
import { ConnectionBanner, ConnectionWords, GapBanner } from './ConnectionStatus';
import { ExportButton } from './export/ExportButton';
import { useFollowRun } from './follow/useFollowRun';
import { FindFocus } from './find/findFocus';
import { useFind } from './find/useFind';
import { useCommand } from './commands/commands';
import { escapeStopsAgent } from './keyboard';
import { Composer } from './Composer';
import { ApprovalSelect } from './ApprovalSelect';
import { ModelButton } from './model/ModelButton';
import { UsageButton } from './usage/UsageButton';
import { newerUsage, usageOfStats } from '../conversation/usage/usage';
import { LiveFooter } from './LiveFooter';
import { STATUS_WORDS, conversationTitle } from './conversationWords';
import { useOpenWorkspace, useWorkspaceRoute } from './workspaceRoute';
import { lazyPart } from './boundaries/lazyPart';

// The workspace panel and its diff and file views load the first time the panel opens.
const WorkspacePanel = lazyPart(() => import('./workspace/WorkspacePanel'));
// Approve and Reject load the first time the agent waits for them.
const ConfirmationBar = lazyPart(() =>
  import('./ConfirmationBar').then((module) => ({ default: module.ConfirmationBar })),
);

export function ConversationView({ conversationId }: { conversationId: string }) {
  const settings = useConnectionSettings();
  const conversation = useQuery(conversationQuery(settings, conversationId));
  const history = useInfiniteQuery(eventHistoryQuery(settings, conversationId));
  const untitled = conversation.isSuccess && !conversation.data.title?.trim();
  const firstMessage = useQuery({ ...firstUserMessageQuery(settings, conversationId), enabled: untitled });
  const log = useMemo(
    () => eventLogFor(settings.serverUrl, conversationId),
    [settings.serverUrl, conversationId],
  );
  useSyncExternalStore(log.subscribe, log.getVersion);

  const session = useConversationSession(settings, conversationId);
  const live = useStore(session.live);

  // Each page object is fed once; a refetch brings new page objects and dedupe does the rest.
  // The socket connects at once and carries only what comes after it subscribed; once the
  // newest page is in too, the session reads over REST whatever came between the two.
  const fed = useRef(new WeakSet<Page<unknown>>());
  useEffect(() => {
    const pages = history.data?.pages ?? [];
    for (const page of pages) {
      if (fed.current.has(page)) continue;
      fed.current.add(page);
      log.ingest(Array.isArray(page?.items) ? page.items : []);
    }
    const newest = pages[0];
    if (newest) session.historyLoaded(newestEventId(newest));
  }, [history.data, log, session]);

  useEffect(() => session.noteConversationInfo(conversation.data), [session, conversation.data]);

  useHeadFromInfo(
    log,
    settings,
    conversationId,
    history.isFetchedAfterMount && (history.data?.pages.length ?? 0) > 0,
  );

  const status = live.status ?? conversation.data?.execution_status;
  const activity = activityOf(status);
  // Only a read that left nothing to show is worth a banner: a failed re-read while the server
  // was away leaves the data there, and the connection words already say the server is away.
  const restError =
    (conversation.isLoadingError ? conversation.error : null) ??
    (history.isLoadingError ? history.error : null);

  // The socket is back after a loss: what could not be read meanwhile is read now.
  const connectionKind = live.connection.kind;
  const previousKind = useRef(connectionKind);
  const retryFailedReads = useRef(() => {});
  retryFailedReads.current = () => {
    if (conversation.isError) void conversation.refetch();
    if (history.isError) void history.refetch();
  };
  useEffect(() => {
    const cameBack = connectionKind === 'open' && previousKind.current !== 'open';
    previousKind.current = connectionKind;
    if (cameBack) retryFailedReads.current();
  }, [connectionKind]);
  // A rejected key is already explained by the socket's banner: say it once.
  const error = live.connection.kind === 'key-rejected' && httpStatus(restError) === 401 ? null : restError;
  const restartNotice = status === 'error' && !log.projection.errorExplained;

  // Esc stops the agent, as the Stop button does — only from the conversation itself, and only
  // when nothing that Esc closes or leaves is open (see keyboard.ts).
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (escapeStopsAgent(event, sectionRef.current) && canStop(status, live.stopping))
        void session.interrupt();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session, status, live.stopping]);

  // A settled run re-reads the info: its stats are the server's final count (and the only one
  // after a model switch, when the server stops sending `stats` updates).
  const refetchInfo = conversation.refetch;
  const settled = status !== undefined && activity === 'idle';
  const wasWorking = useRef(false);
  useEffect(() => {
    if (settled && wasWorking.current) void refetchInfo();
    wasWorking.current = !settled;
  }, [settled, refetchInfo]);
  const usage = newerUsage(
    usageOfStats(conversation.data?.stats),
    usageOfStats(log.projection.statsFromEvents),
  );
  const model = log.projection.modelFromEvents ?? agentModel(conversation.data);

  const title = conversation.data ? conversationTitle(conversation.data.title, firstMessage.data) : undefined;
  const branchScope = useMemo(
    () => ({ settings, conversationId, title, log, session, activity }),
    [settings, conversationId, title, log, session, activity],
  );
  useFollowRun(conversationId, title, status, live.liveReplies);

  const loadAllOlder = async () => {
    let result = await history.fetchNextPage({ cancelRefetch: false });
    while (result.hasNextPage && !result.isError)
      result = await result.fetchNextPage({ cancelRefetch: false });
  };
  const loadAllOlderRef = useRef(loadAllOlder);
  loadAllOlderRef.current = loadAllOlder;
  const hasOlder = history.hasNextPage;
  const olderMatches = useCallback(
    async (query: string) =>
      hasOlder
        ? olderMessageMatches(agentServerClients(settings).conversations, conversationId, query, (id) =>
            log.has(id),
          ).catch(() => 0)
        : 0,
    [hasOlder, settings, conversationId, log],
  );
  const loadOlderForFind = useCallback(() => loadAllOlderRef.current(), []);
  const find = useFind(sectionRef, log, olderMatches, loadOlderForFind);

  const workspaceRoute = useWorkspaceRoute();
  const openWorkspace = useOpenWorkspace();
  const repository = workingDir(conversation.data);
  useCommand('stop', 'Stop the agent', () => void session.interrupt(), canStop(status, live.stopping));
  useCommand('continue', 'Continue the run', () => void session.continueRun(), canContinue(status));
  useCommand('find', 'Find in the conversation', find.open);
  useCommand(
    'workspace',
    workspaceRoute ? 'Close the workspace' : 'Show the workspace',
    () => openWorkspace(workspaceRoute ? undefined : { view: 'changes' }),
    repository !== undefined,
  );

  return (
    <div className={`conversation-area${workspaceRoute && repository ? ' with-workspace' : ''}`}>
      <section className="conversation" aria-labelledby="conversation-title" ref={sectionRef}>
        <header className="conversation-header">
          <h1 id="conversation-title">
            {title !== undefined ? title : conversation.isError ? 'Conversation unavailable' : 'Loading…'}
          </h1>
          {status && (
            <span className={`status status-${status}`} data-status={status}>
              {live.stopping ? 'Stopping…' : (STATUS_WORDS[status] ?? status)}
            </span>
          )}
          <ConnectionWords connection={live.connection} />
          <div className="header-actions">
            {/* First: on a phone the actions scroll sideways, and Stop must never be out of sight. */}
            {status === 'running' && (
              <button
                type="button"
                className="stop"
                disabled={live.stopping}
                onClick={() => void session.interrupt()}
              >
                {live.stopping ? 'Stopping…' : 'Stop'}
              </button>
            )}
            {canContinue(status) && (
              <button type="button" onClick={() => void session.continueRun()}>
                Continue
              </button>
            )}
            {repository && (
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
            {model !== undefined && (
              <ModelButton
                settings={settings}
                conversationId={conversationId}
                model={model}
                baseUrl={agentBaseUrl(conversation.data)}
              />
            )}
            {conversation.data && (
              <UsageButton
                settings={settings}
                conversationId={conversationId}
                usage={usage}
                canCompact={hasCondenser(conversation.data)}
              />
            )}
            <ApprovalSelect session={session} policy={conversation.data?.confirmation_policy?.kind} />
          </div>
        </header>
        {/* The one polite live region: the moments of a run, in short sentences. */}
        <div className="visually-hidden" role="status" data-announcer="">
          {live.announcements.map((announcement) => (
            <p key={announcement.id}>{announcement.text}</p>
          ))}
        </div>
        <ConnectionBanner connection={live.connection} session={session} />
        <GapBanner gap={live.gap} />
        {live.problem && (
          <div className="banner error" role="alert">
            {live.problem}
          </div>
        )}
        {error && (
          <div className="banner error" role="alert">
            {describeError(error)}{' '}
            <button
              type="button"
              onClick={() => void (conversation.error ? conversation.refetch() : history.refetch())}
            >
              Try again
            </button>
          </div>
        )}
        {log.rejected > 0 && (
          <div className="banner warning" role="status">
            {log.rejected} malformed {log.rejected === 1 ? 'item was' : 'items were'} skipped: the server sent
            data that is not an event (no id or kind, or not JSON).
          </div>
        )}
        {history.isPending && !error && <p className="loading">Loading the conversation…</p>}
        {find.bar}
        <FindFocus.Provider value={find.focus}>
          <BranchContext.Provider value={branchScope}>
            <ChatHistory
              log={log}
              activity={activity}
              hasOlder={history.hasNextPage}
              loadingOlder={history.isFetchingNextPage}
              // A page already on its way is awaited, never asked for again.
              loadOlder={() => void history.fetchNextPage({ cancelRefetch: false })}
              loadAllOlder={loadAllOlder}
              jumpTo={find.jumpTo}
              followKey={`${streamLength(live.streams)}:${live.pending.length}:${log.projection.eventCount}`}
              footer={
                <>
                  <LiveFooter session={session} model={model} />
                  {restartNotice && (
                    <div className="chat-row notice">
                      The run was interrupted by a server restart. Calls that were in flight have no result.
                    </div>
                  )}
                </>
              }
            />
          </BranchContext.Provider>
        </FindFocus.Provider>
        {activity === 'confirming' && (
          <Suspense fallback={null}>
            <ConfirmationBar session={session} />
          </Suspense>
        )}
        <Composer session={session} settings={settings} workingDir={repository} />
      </section>
      {workspaceRoute && repository && (
        <Suspense fallback={<aside className="workspace-panel" aria-label="Workspace" aria-busy="true" />}>
          <WorkspacePanel
            settings={settings}
            repository={repository}
            route={workspaceRoute}
            log={log}
            status={status}
          />
        </Suspense>
      )}
    </div>
  );
}

function workingDir(info: unknown): string | undefined {
  const workspace = isRecord(info) && isRecord(info.workspace) ? info.workspace : undefined;
  return workspace && typeof workspace.working_dir === 'string' && workspace.working_dir
    ? workspace.working_dir
    : undefined;
}

/** The newest event of a history page (pages come newest first); undefined for an empty page. */
function newestEventId(page: Page<unknown>): string | undefined {
  const first: unknown = Array.isArray(page?.items) ? page.items[0] : undefined;
  return isRecord(first) && typeof first.id === 'string' ? first.id : undefined;
}

function agentModel(info: unknown): string | undefined {
  const llm = isRecord(info) && isRecord(info.agent) ? info.agent.llm : undefined;
  return isRecord(llm) && typeof llm.model === 'string' ? llm.model : undefined;
}

function agentBaseUrl(info: unknown): string | undefined {
  const llm = isRecord(info) && isRecord(info.agent) ? info.agent.llm : undefined;
  return isRecord(llm) && typeof llm.base_url === 'string' && llm.base_url ? llm.base_url : undefined;
}

function streamLength(streams: StreamState): number {
  let length = 0;
  for (const item of streams.items) length += item.text.length + item.reasoning.length;
  return length;
}
