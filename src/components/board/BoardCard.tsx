import 'virtual:tether-english/board';
import { agentModel } from '../../conversation/agentLlm';
import { useId } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { agentServerClients } from '../../agent-server/client';
import type { ConversationInfo } from '../../agent-server/protocol';
import type { AgentServer } from '../../agent-server/servers';
import { markSeen } from '../../conversation/board/boardStorage';
import type { Placement } from '../../conversation/board/boardColumns';
import type { Glimpse } from '../../conversation/board/glimpse';
import { boardListKey } from '../../conversation/resources/boardList';
import { runStartQuery } from '../../conversation/resources/glimpses';
import { answerConfirmation, continueRun, stopRun } from '../../conversation/resources/conversations';
import { dollars, usageOfStats } from '../../conversation/usage/usage';
import { useT } from '../../i18n/i18n';
import { relativeTime } from '../conversationWords';
import { conversationPath } from '../conversationPath';
import { shownTitle } from '../shownTitle';
import { ServerTag } from '../servers/ServerTag';
import { useReportingMutation } from '../problems/commandProblems';
import { ProblemAlert } from '../problems/ProblemAlert';
import { REASON_WORDS, runLength } from './boardWords';

export interface Card {
  readonly key: string;
  readonly server: AgentServer;
  readonly info: ConversationInfo;
  readonly glimpse: Glimpse | undefined;
  readonly placement: Placement;
}

/** A server's time (UTC, with or without its zone) in ms since the epoch. */
const serverTime = (timestamp: string) =>
  Date.parse(/(Z|[+-]\d\d:?\d\d)$/.test(timestamp) ? timestamp : `${timestamp}Z`);

/** Reasons that last only until the person has looked: the card can be marked seen. */
const UNTIL_SEEN = new Set(['asked', 'edited']);

export function BoardCard({ card, several, now }: { card: Card; several: boolean; now: number }) {
  const t = useT();
  const queryClient = useQueryClient();
  const titleId = useId();
  const ruleId = useId();
  const { server, info, placement } = card;
  const title = shownTitle(queryClient, server, info);
  const current = card.glimpse?.readAt === info.updated_at ? card.glimpse : undefined;
  const place = `board/${card.key}`;
  const conversations = () => agentServerClients(server).conversations;
  // What the action changed comes with the board's next read of the server's list, read at once.
  const settled = () => queryClient.invalidateQueries({ queryKey: boardListKey(server) });
  const answer = useReportingMutation<void, boolean>(
    place,
    (accept) => ({ action: accept ? 'approve' : 'reject', subject: title }),
    { mutationFn: (accept) => answerConfirmation(conversations(), info.id, accept), onSettled: settled },
  );
  const stop = useReportingMutation<void, void>(place, () => ({ action: 'stop', subject: title }), {
    mutationFn: () => stopRun(conversations(), info.id),
    onSettled: settled,
  });
  // The server's limits hold per run: a new run has the whole of each again.
  const resume = useReportingMutation<void, void>(place, () => ({ action: 'continue', subject: title }), {
    mutationFn: () => continueRun(conversations(), info.id),
    onSettled: settled,
  });
  const model = agentModel(info);
  const cost = usageOfStats(info.stats)?.cost;
  const reason = REASON_WORDS[placement.reason];
  const eventQuery = placement.eventId ? `?event=${encodeURIComponent(placement.eventId)}` : '';
  const took =
    current?.runStartedAt && current.runEndedAt && info.execution_status !== 'running'
      ? Date.parse(current.runEndedAt) - Date.parse(current.runStartedAt)
      : undefined;
  // A run going on: since the person's newest message, read once.
  const runningSince = useQuery({
    ...runStartQuery(
      server,
      info.id,
      typeof info.last_user_message_id === 'string' ? info.last_user_message_id : '',
    ),
    enabled: info.execution_status === 'running' && typeof info.last_user_message_id === 'string',
  }).data;
  const busy = answer.isPending || stop.isPending || resume.isPending;
  return (
    <article
      className="board-card"
      aria-labelledby={titleId}
      aria-describedby={ruleId}
      data-reason={placement.reason}
    >
      <h3 id={titleId} className="board-card-title">
        <Link href={`${conversationPath(server.id, info.id)}${eventQuery}`}>{title}</Link>
      </h3>
      <p className="board-card-reason" title={t(reason.rule)}>
        {t(reason.said)}
      </p>
      <p id={ruleId} className="visually-hidden">
        {t(reason.rule)}
      </p>
      {placement.reason === 'approval' && current?.pending && (
        <p className="board-card-waits">
          {t('board.card.waitsFor', { what: current.pending.what || current.pending.tool })}
        </p>
      )}
      {current?.task && <p className="board-card-task">{t('board.card.task', { task: current.task })}</p>}
      <p className="board-card-facts">
        {several && <ServerTag server={server} />}
        {model && <span className="board-card-model">{model}</span>}
        {cost !== undefined && <span>{dollars(cost)}</span>}
        {took !== undefined && took >= 0 && <span>{t('board.card.took', { length: runLength(took) })}</span>}
        {info.execution_status === 'running' && runningSince && (
          <span>{t('board.card.running', { length: runLength(now - serverTime(runningSince)) })}</span>
        )}
        <span>{t('board.card.updated', { when: relativeTime(info.updated_at, now) })}</span>
      </p>
      <ProblemAlert place={place} />
      <div className="board-card-actions">
        {placement.reason === 'approval' && (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() => answer.mutate(true)}
              aria-describedby={titleId}
            >
              {t('board.approve')}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => answer.mutate(false)}
              aria-describedby={titleId}
            >
              {t('board.reject')}
            </button>
          </>
        )}
        {info.execution_status === 'running' && (
          <button type="button" disabled={busy} onClick={() => stop.mutate()} aria-describedby={titleId}>
            {t('board.stop')}
          </button>
        )}
        {/* The server's step limit holds per run, so a new run may go on; its budget counts the
            whole conversation's cost, so a new run would stop at once (local_conversation.py). */}
        {placement.reason === 'iterations' && (
          <button type="button" disabled={busy} onClick={() => resume.mutate()} aria-describedby={titleId}>
            {t('board.continue')}
          </button>
        )}
        {placement.eventId && (
          <Link
            className="button-link"
            href={`${conversationPath(server.id, info.id)}${eventQuery}`}
            aria-describedby={titleId}
          >
            {/* A refused key is fixed in the conversation (its model settings), from its error. */}
            {placement.reason === 'llmAuth' ? t('board.fixKey') : t('board.openAtEvent')}
          </Link>
        )}
        {UNTIL_SEEN.has(placement.reason) && (
          <button
            type="button"
            onClick={() => markSeen(card.key, info.updated_at)}
            aria-describedby={titleId}
          >
            {t('board.markSeen')}
          </button>
        )}
      </div>
    </article>
  );
}
