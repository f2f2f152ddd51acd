import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { agentBaseUrl, agentModel } from '../../conversation/agentLlm';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { agentServerClients, httpStatus } from '../../agent-server/client';
import { isRecord, type ConversationInfo } from '../../agent-server/protocol';
import { useScopedServer } from '../servers/serverScope';
import { activityOf } from '../../conversation/composerRules';
import { conversationQuery, listedConversation } from '../../conversation/resources/conversations';
import { firstUserMessageQuery, isFromCopy, olderMessageMatches } from '../../conversation/resources/events';
import { useConversationController } from './useConversationController';
import { useOlderHistory } from './useOlderHistory';
import type { WorkspaceTarget } from '../../conversation/resources/workspace';
import { conversationTitle } from '../conversationWords';

// The view model of one open conversation: its controller (which owns the event log, the live
// session and the browser's copy), its queries, what is derived from them, and the commands. The
// view only renders what this returns.
//
// It reads the live store field by field, never whole: a streamed delta changes only `streams`,
// which the live footer reads, so nothing here (and nothing the view draws from it) renders again.

export function useConversation(conversationId: string) {
  const settings = useScopedServer();
  const queryClient = useQueryClient();
  const controller = useConversationController(settings, conversationId);
  const { log, session } = controller;
  const history = useInfiniteQuery(controller.historyQuery());
  // One read of the info per opening, beside the newest page: it gives the header and, once the
  // page is in too, HEAD (the controller takes it). Until it comes the list's copy stands in. Opening
  // costs the page, this read, the socket and the REST read that joins them (none when the socket
  // resumes after the browser's copy: it replays what came since).
  const conversation = useQuery({
    ...conversationQuery(settings, conversationId),
    placeholderData: () => listedConversation(queryClient, settings, conversationId),
  });
  const untitled = conversation.isSuccess && !conversation.data.title?.trim();
  const firstMessage = useQuery({ ...firstUserMessageQuery(settings, conversationId), enabled: untitled });
  useSyncExternalStore(log.subscribe, log.getVersion);
  const copy = useStore(controller.copyState);

  const liveStatus = useStore(session.live, (s) => s.status);
  const connection = useStore(session.live, (s) => s.connection);
  const stopping = useStore(session.live, (s) => s.stopping);
  const problem = useStore(session.live, (s) => s.problem);
  const gap = useStore(session.live, (s) => s.gap);
  const liveReplies = useStore(session.live, (s) => s.liveReplies);

  const pages = history.data?.pages;
  const newestPage = pages?.[0];
  // The server could not be reached: the newest page is the copy's, and says from when.
  const readingCopy = isFromCopy(newestPage) ? newestPage.fromCopy.savedAt : undefined;
  // The info as read, or, while the server is away, as the copy last saw it.
  const info =
    conversation.data ??
    (readingCopy !== undefined && (copy.kind === 'painted' || copy.kind === 'joined')
      ? (copy.listed as ConversationInfo | undefined)
      : undefined);

  const status = liveStatus ?? info?.execution_status;
  const activity = activityOf(status);

  // Only a read that left nothing to show is worth a banner: a failed re-read while the server
  // was away leaves the data there, and the connection words already say the server is away.
  // Reading the copy while the server is away says so in its own banner.
  const restError =
    (conversation.isLoadingError && readingCopy === undefined ? conversation.error : null) ??
    (history.isLoadingError ? history.error : null);
  // A rejected key is already explained by the socket's banner: say it once.
  const error = connection.kind === 'key-rejected' && httpStatus(restError) === 401 ? null : restError;

  // The socket is back after a loss: what could not be read meanwhile is read now.
  const previousKind = useRef(connection.kind);
  const retryFailedReads = useRef(() => {});
  retryFailedReads.current = () => {
    if (conversation.isError) void conversation.refetch();
    // Older pages come from the copy again: only the newest is asked of the server.
    if (history.isError || readingCopy !== undefined) void history.refetch();
  };
  useEffect(() => {
    const cameBack = connection.kind === 'open' && previousKind.current !== 'open';
    previousKind.current = connection.kind;
    if (cameBack) retryFailedReads.current();
  }, [connection.kind]);
  // Stable, so that the banners holding its button are not drawn again with every event.
  const readAgain = useRef(() => {});
  readAgain.current = () => void (conversation.error ? conversation.refetch() : history.refetch());
  const retryRead = useCallback(() => readAgain.current(), []);

  // A settled run's info (its final stats, a title the server gave) is read once, by the session
  // (onSettled), not here as well.
  const model = log.projection.modelFromEvents ?? agentModel(conversation.data);
  const title = info ? conversationTitle(info.title, firstMessage.data) : undefined;

  const { hasOlder, loadingOlder, loadOlder, loadAllOlder } = useOlderHistory(
    settings,
    conversationId,
    history,
    log,
    controller,
  );
  const olderMatches = useCallback(
    async (query: string) =>
      hasOlder
        ? olderMessageMatches(agentServerClients(settings).conversations, conversationId, query, (id) =>
            log.has(id),
          ).catch(() => [])
        : [],
    [hasOlder, settings, conversationId, log],
  );

  const repository = workingDir(conversation.data);
  const workspace = useMemo<WorkspaceTarget | undefined>(
    () => (repository ? { settings, conversationId, repository } : undefined),
    [settings, conversationId, repository],
  );

  const infoFailed = conversation.isError;
  const statsFromInfo = conversation.data?.stats;
  const statsFromEvents = log.projection.statsFromEvents;
  const baseUrl = agentBaseUrl(conversation.data);
  // What the header draws from, as one object that changes only when one of these does: a
  // persisted event that is none of them (a tool call, an answer) does not draw the header again.
  const header = useSameWhileEqual({
    settings,
    conversationId,
    info,
    infoFailed,
    session,
    status,
    stopping,
    connection,
    statsFromInfo,
    statsFromEvents,
    model,
    baseUrl,
    title,
    repository,
  });

  return {
    header,
    // The header's facts are the view's too (statsFromInfo and statsFromEvents are what usage is
    // read from: the menu and the usage dialog, loaded later, read them).
    ...header,
    log,
    activity,
    problem,
    gap,
    liveReplies,
    error,
    retryRead,
    restartNotice: status === 'error' && !log.projection.errorExplained,
    // Rows painted from the copy are not waited for.
    historyPending: history.isPending && copy.kind !== 'painted',
    readingCopy,
    // Rows on screen are the copy's and the server has not answered yet: said until it does.
    checkingCopy: copy.kind === 'painted' && readingCopy === undefined ? copy.savedAt : undefined,
    hasOlder,
    loadingOlder,
    loadOlder,
    loadAllOlder,
    olderMatches,
    workspace,
  };
}

export type ConversationModel = ReturnType<typeof useConversation>;

/** The facts the conversation's header (and its menu and dialogs) draws from. */
export type HeaderFacts = ConversationModel['header'];

function workingDir(info: unknown): string | undefined {
  const workspace = isRecord(info) && isRecord(info.workspace) ? info.workspace : undefined;
  return workspace && typeof workspace.working_dir === 'string' && workspace.working_dir
    ? workspace.working_dir
    : undefined;
}

/** The object given the last time while each of its fields is the same (Object.is), else this one. */
function useSameWhileEqual<T extends Record<string, unknown>>(value: T): T {
  const kept = useRef(value);
  const previous = kept.current;
  const keys = Object.keys(value);
  if (
    keys.length !== Object.keys(previous).length ||
    keys.some((key) => !Object.is(previous[key], value[key]))
  )
    kept.current = value;
  return kept.current;
}
