import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import type { Activity } from '../../conversation/composerRules';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { fileTextsQuery } from '../../conversation/resources/fileTexts';
import { refreshWorkingTree } from '../../conversation/resources/workspace';
import {
  reviewMessage,
  standingOf,
  type ReviewComment,
  type Standing,
} from '../../conversation/review/reviewComments';
import { answeredSince } from '../../conversation/review/reviewDelivery';
import type { LiveSession } from '../../conversation/session/sessionHandle';
import { t, useT } from '../../i18n/i18n';
import { useOpenWorkspace } from '../workspaceRoute';
import type { ReviewScope } from './reviewScope';
import { useReview, useReviewState } from './useReview';
import { commentLines, linesWords, reviewPhrases } from './reviewWords';
import './review.css';
import 'virtual:tether-english/review';

const NO_EVENTS: ReturnType<ConversationEventLog['persisted']> = [];

/** Where a comment is, as the tray shows it. */
type Shown =
  | { kind: 'draft' }
  | { kind: 'sending' }
  | { kind: 'working' }
  | { kind: 'unjudged' }
  | { kind: 'reading' }
  | { kind: 'unread'; reason: string }
  | Standing;

/**
 * The conversation's review comments, above its composer: those not sent yet go as one message;
 * those sent show, once the agent has answered, whether their lines changed (addressed) or not
 * (still open), against the files as they are now. Open ones can go again.
 */
export default function ReviewTray({
  scope,
  log,
  session,
  activity,
}: {
  scope: ReviewScope;
  log: ConversationEventLog;
  session: LiveSession;
  activity: Activity;
}) {
  const t = useT();
  const review = useReview(scope);
  const comments = useReviewState(review, (state) => state.comments);
  const lasting = useReviewState(review, (state) => state.lasting);
  const version = useSyncExternalStore(log.subscribe, log.getVersion);
  // The events are read only where they can change what is shown: to see a message's echo, or
  // to judge sent comments once the run is over. While the agent works, each new event would
  // otherwise copy the whole log.
  const needsEvents = comments.some(
    (comment) =>
      comment.delivery.kind === 'sending' || (comment.delivery.kind === 'sent' && activity === 'idle'),
  );
  const events = useMemo(
    () => (needsEvents ? log.persisted() : NO_EVENTS),
    // The log changes in place; its version says when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [log, version, needsEvents],
  );
  const [expanded, setExpanded] = useState(true);
  const [problem, setProblem] = useState<string>();

  // A message of comments is sent once the server holds it.
  useEffect(() => {
    if (review && comments.some((comment) => comment.delivery.kind === 'sending')) review.noteEvents(events);
  }, [review, comments, events]);

  const shown = useStandings(scope, comments, events, activity);
  if (comments.length === 0) return null;

  const drafts = comments.filter((comment) => comment.delivery.kind === 'draft');
  const open = comments.filter((comment) => shown.get(comment.id)?.kind === 'open');
  const addressed = comments.filter((comment) => shown.get(comment.id)?.kind === 'addressed');

  const send = async (chosen: ReviewComment[], again: boolean) => {
    if (!review || chosen.length === 0) return;
    setProblem(undefined);
    const phrases = reviewPhrases();
    const text = reviewMessage(
      chosen,
      again ? { ...phrases, heading: (count) => t('review.message.again', { count }) } : phrases,
      openStandings(chosen, shown),
    );
    review.sending(
      chosen.map((comment) => comment.id),
      text,
    );
    try {
      await session.commands.send(text);
    } catch (error) {
      setProblem(describeError(error));
    }
  };

  const summary = [
    drafts.length > 0 && t('review.count.drafts', { count: drafts.length }),
    open.length > 0 && t('review.count.open', { count: open.length }),
    addressed.length > 0 && t('review.count.addressed', { count: addressed.length }),
  ].filter(Boolean);

  return (
    <section className="review-tray" aria-labelledby="review-title">
      <div className="review-bar">
        <h2 id="review-title">{t('review.title')}</h2>
        <span className="review-summary">{summary.join(' · ')}</span>
        <button type="button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? t('review.hide') : t('review.show', { count: comments.length })}
        </button>
        {drafts.length > 0 && (
          <button type="button" className="primary" onClick={() => void send(drafts, false)}>
            {t('review.send', { count: drafts.length })}
          </button>
        )}
        {open.length > 0 && (
          <button type="button" onClick={() => void send(open, true)}>
            {t('review.sendOpen', { count: open.length })}
          </button>
        )}
        {addressed.length > 0 && (
          <button type="button" onClick={() => review?.remove(addressed.map((comment) => comment.id))}>
            {t('review.clearAddressed', { count: addressed.length })}
          </button>
        )}
      </div>
      {!lasting && <p className="hint">{t('review.notLasting')}</p>}
      {problem && (
        <p role="alert" className="error">
          {t('review.sendFailed', { problem })}
        </p>
      )}
      {expanded && (
        <ol className="review-comments">
          {comments.map((comment) => (
            <ReviewItem
              key={comment.id}
              comment={comment}
              shown={shown.get(comment.id) ?? { kind: 'draft' }}
              onEdit={(words) => review?.edit(comment.id, words)}
              onRemove={() => review?.remove([comment.id])}
              onUnsend={() => review?.unsend([comment.id])}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * Where each comment is. A sent one is judged once the agent has answered its message and the
 * run is over, against the file read again then.
 */
function useStandings(
  scope: ReviewScope,
  comments: readonly ReviewComment[],
  events: ReturnType<ConversationEventLog['persisted']>,
  activity: Activity,
): Map<string, Shown> {
  const queryClient = useQueryClient();
  const judged = comments.filter(
    (comment) =>
      comment.delivery.kind === 'sent' &&
      activity === 'idle' &&
      answeredSince(comment.delivery.eventId, events),
  );
  const { workspace } = scope;
  const paths = workspace ? [...new Set(judged.map((comment) => comment.path))].sort() : [];
  // One read of every file judged (react-query's useQueries would join the first load's bytes).
  const read = workspace && paths.length > 0 ? fileTextsQuery(workspace, paths) : undefined;
  const texts = useQuery({
    queryKey: read?.queryKey ?? ['review-texts', 'none'],
    queryFn: read?.queryFn ?? (() => new Map<string, string | null>()),
    enabled: read !== undefined,
  });
  // Each run that ends may have changed the files: they are read again.
  useEffect(() => {
    if (activity === 'idle' && workspace) void refreshWorkingTree(queryClient, workspace);
  }, [activity, queryClient, workspace]);
  return new Map(
    comments.map((comment): [string, Shown] => {
      const delivery = comment.delivery;
      if (delivery.kind !== 'sent') return [comment.id, { kind: delivery.kind }];
      if (!judged.includes(comment)) return [comment.id, { kind: 'working' }];
      if (!workspace) return [comment.id, { kind: 'unjudged' }];
      if (texts.isError) return [comment.id, { kind: 'unread', reason: describeError(texts.error) }];
      const text = texts.data?.get(comment.path);
      if (text === undefined) return [comment.id, { kind: 'reading' }];
      return [comment.id, standingOf(comment, text)];
    }),
  );
}

/** The open comments' lines as they are now, for a message that sends them again. */
function openStandings(
  comments: readonly ReviewComment[],
  shown: ReadonlyMap<string, Shown>,
): Map<string, Standing> {
  const standings = new Map<string, Standing>();
  for (const comment of comments) {
    const standing = shown.get(comment.id);
    if (standing?.kind === 'open') standings.set(comment.id, standing);
  }
  return standings;
}

function shownWords(shown: Shown): string {
  switch (shown.kind) {
    case 'draft':
      return t('review.state.draft');
    case 'sending':
      return t('review.state.sending');
    case 'working':
      return t('review.state.working');
    case 'unjudged':
      return t('review.state.unjudged');
    case 'reading':
      return t('review.state.reading');
    case 'unread':
      return t('review.state.unread', { reason: shown.reason });
    case 'unknown':
      return t('review.state.unknown');
    case 'open':
      return t('review.state.open', { lines: linesWords({ side: 'new', ...shown }) });
    case 'addressed':
      return shown.gone ? t('review.state.gone') : t('review.state.addressed');
  }
}

const SIGN = { add: '+', del: '−', same: ' ' } as const;

function ReviewItem({
  comment,
  shown,
  onEdit,
  onRemove,
  onUnsend,
}: {
  comment: ReviewComment;
  shown: Shown;
  onEdit: (words: string) => void;
  onRemove: () => void;
  onUnsend: () => void;
}) {
  const t = useT();
  const openWorkspace = useOpenWorkspace();
  const [editing, setEditing] = useState<string>();
  const where = `${comment.shownPath}, ${commentLines(comment)}`;
  return (
    <li className={`review-comment review-${shown.kind}`} aria-label={where}>
      <div className="review-comment-head">
        <button
          type="button"
          className="link-button review-path"
          onClick={() => openWorkspace({ view: 'changes', path: comment.shownPath })}
        >
          {comment.shownPath}
        </button>
        <span>{commentLines(comment)}</span>
        <span className="review-state">{shownWords(shown)}</span>
      </div>
      <pre className="review-quote" aria-label={t('review.quote')}>
        {comment.lines.map((line) => `${SIGN[line.kind]} ${line.text}`).join('\n')}
      </pre>
      {editing === undefined ? (
        <p className="review-words">{comment.words}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (editing.trim() === '') return;
            onEdit(editing.trim());
            setEditing(undefined);
          }}
        >
          <label>
            {t('review.editLabel', { where })}
            <textarea
              value={editing}
              rows={3}
              required
              onChange={(event) => setEditing(event.target.value)}
            />
          </label>
          <button type="submit">{t('review.save')}</button>
          <button type="button" onClick={() => setEditing(undefined)}>
            {t('review.cancel')}
          </button>
        </form>
      )}
      <div className="review-comment-actions">
        {shown.kind === 'draft' && editing === undefined && (
          <button
            type="button"
            onClick={() => setEditing(comment.words)}
            aria-label={t('review.editOf', { where })}
          >
            {t('review.edit')}
          </button>
        )}
        {shown.kind === 'sending' && (
          <button type="button" onClick={onUnsend} aria-label={t('review.unsendOf', { where })}>
            {t('review.unsend')}
          </button>
        )}
        <button type="button" onClick={onRemove} aria-label={t('review.removeOf', { where })}>
          {t('review.remove')}
        </button>
      </div>
    </li>
  );
}
