import { markerWords } from '../conversation/markerWords';
import { isAnswerRequest } from '../conversation/answers/answerRequest';
import { MessageImages } from './attachments/MessageImages';
import { memo, Suspense, useContext, useEffect, useRef } from 'react';
import { useIdleReached } from './useIdleReached';
import { useFindFocus } from './find/findFocus';
import { contentImages, contentText } from '../agent-server/protocol';
import { actionOf } from '../conversation/toolCallView';
import type { Row } from '../conversation/projection';
import type { Activity } from '../conversation/composerRules';
import { Markdown } from './markdown/Markdown';
import { FoldedMarkdown } from './markdown/FoldedMarkdown';
import { CopyButton } from './clipboard/CopyButton';
import { ToolCallCard } from './ToolCallCard';
import { failureHeadline, modelUnreachable, userActionWords } from '../conversation/errorWords';
import { useT } from '../i18n/i18n';
import { ModelBaseUrl } from './conversation/modelBaseUrl';
import { lazyPart } from './boundaries/lazyPart';
import { LimitStops } from './limits/limitStops';
import { commandStore } from './commands/commands';

function Thinking({ text }: { text: string }) {
  const details = useRef<HTMLDetailsElement>(null);
  // Find jumped into this thinking: open it so the match can be seen.
  const focus = useFindFocus();
  const found = focus?.segment.where === 'thinking' && focus.segment.text === text;
  useEffect(() => {
    if (found && details.current) details.current.open = true;
  }, [found, focus]);
  const t = useT();
  return (
    <details className="thinking" ref={details}>
      <summary>{t('row.thinking')}</summary>
      <Markdown text={text} />
    </details>
  );
}

/** What a model that cannot be reached comes down to, named where the person can fix it. */
function UnreachableModel() {
  const baseUrl = useContext(ModelBaseUrl);
  const t = useT();
  return (
    <p className="user-action">{baseUrl ? t('model.unreachableAt', { baseUrl }) : t('model.unreachable')}</p>
  );
}

const SAFE_IMAGE = /^(https?:|data:image\/)/i;

/**
 * The server's step limit holds per run: a new run has all of it again. Offered while the
 * conversation's Continue is (its command), as the header's button is.
 */
function ContinueAfterLimit() {
  const t = useT();
  const resume = commandStore((state) => state.commands.continue);
  return resume ? (
    <button type="button" onClick={resume.run}>
      {t('conversation.continue')}
    </button>
  ) : null;
}

// Why a run stopped, where Tether stopped it at a limit.
const LimitStopNote = lazyPart(() => import('./limits/LimitStopNote'));

/** "Stopped" or "Paused", and, for a stop Tether made at a limit, which limit. */
function MarkerRow({ row }: { row: Row & { type: 'marker' } }) {
  const stops = useContext(LimitStops);
  return (
    <div className="chat-row marker" data-event-id={row.eventId}>
      {markerWords(row)}
      {stops?.includes(row.eventId) && (
        <Suspense fallback={null}>
          <LimitStopNote eventId={row.eventId} stopsTag={stops} />
        </Suspense>
      )}
    </div>
  );
}

const MessageActions = lazyPart(() => import('./branches/MessageActions'));
const UnknownRow = lazyPart(() => import('./rows/UnknownRow'));
const AnswerRequestRow = lazyPart(() => import('./answers/AnswerRequestRow'));

/** Edit, Regenerate, Fork and the versions of a message: loaded once the first screen is drawn. */
function BranchActions({ row }: { row: Row }) {
  const idle = useIdleReached();
  return idle ? (
    <Suspense fallback={null}>
      <MessageActions row={row} />
    </Suspense>
  ) : null;
}

/** One row of the conversation; re-renders only when its row object or the activity changes. */
export const ChatRow = memo(function ChatRow({
  row,
  activity,
  unread = false,
  continued = false,
  watched = false,
}: {
  row: Row;
  activity: Activity;
  /** The row before is the agent's too: the author is said once per stretch (and to screen readers always). */
  continued?: boolean;
  /** A user message the running agent has not reached yet (seed 000): shown as queued. */
  unread?: boolean;
  /** This page watched the row's answer arrive: it is drawn whole, never folded under the reader. */
  watched?: boolean;
}) {
  const t = useT();
  switch (row.type) {
    case 'message': {
      const { llm_message: message, source } = row.event;
      // Tether's request for an answer to a missed message: a note in the person's language.
      if (source === 'user' && isAnswerRequest(row.event))
        return (
          <Suspense fallback={null}>
            <AnswerRequestRow eventId={row.eventId} />
          </Suspense>
        );
      const text = contentText(message.content);
      const images = contentImages(message.content).filter((url) => SAFE_IMAGE.test(url));
      const fromUser = source === 'user';
      return (
        <div
          className={`chat-row message ${fromUser ? 'from-user' : 'from-agent'}`}
          data-event-id={row.eventId}
        >
          <div className={`author${continued && !fromUser ? ' visually-hidden' : ''}`}>
            {fromUser ? t('row.you') : t('row.agent')}
          </div>
          {text && <CopyButton className="row-copy" text={text} label={t('row.copyMessage')} />}
          {message.reasoning_content && <Thinking text={message.reasoning_content} />}
          {text && <FoldedMarkdown text={text} whole={watched} />}
          <MessageImages urls={images} nameOf={(number) => t('row.imageAttached', { number })} />
          {unread && <p className="pending-state">{t('row.queued')}</p>}
          <BranchActions row={row} />
        </div>
      );
    }
    case 'turn':
      return (
        <div className="chat-row turn from-agent" data-event-id={row.eventId}>
          <div className={`author${continued ? ' visually-hidden' : ''}`}>{t('row.agent')}</div>
          {row.reasoning && <Thinking text={row.reasoning} />}
          {row.thought && <FoldedMarkdown text={row.thought} />}
          {row.calls.map((call) => {
            const action = actionOf(call);
            if (action?.tool === 'finish') {
              return (
                <div key={call.toolCallId} className="final-answer copyable" data-event-id={call.action!.id}>
                  <FoldedMarkdown text={action.message} whole={watched} />
                  <CopyButton text={action.message} label={t('row.copyAnswer')} />
                </div>
              );
            }
            if (action?.tool === 'think') {
              return (
                <div key={call.toolCallId} data-event-id={call.action!.id}>
                  <Thinking text={action.thought} />
                </div>
              );
            }
            return <ToolCallCard key={call.toolCallId} call={call} activity={activity} />;
          })}
          <BranchActions row={row} />
        </div>
      );
    case 'orphan-outcome':
      return (
        <div className="chat-row turn from-agent" data-event-id={row.eventId}>
          <ToolCallCard call={row.call} activity={activity} />
        </div>
      );
    case 'conversation-error': {
      const { detail, code, classification } = row.event;
      return (
        <div className="chat-row conversation-error" role="alert" data-event-id={row.eventId}>
          <strong>{failureHeadline(classification?.kind)}</strong>
          {/* The server's own words, as it sent them. */}
          <p className={detail || code ? 'server-words' : undefined}>
            {detail || code || t('failure.noDetail')}
          </p>
          {modelUnreachable(code, detail) && <UnreachableModel />}
          {classification?.user_action && classification.user_action !== 'none' && (
            <p className="user-action">{userActionWords(classification.user_action)}</p>
          )}
          {classification && (
            <p className="error-meta">
              {classification.retryable ? t('failure.retryMayHelp') : t('failure.retryWontHelp')}
            </p>
          )}
          {code === 'MaxIterationsReached' && <ContinueAfterLimit />}
        </div>
      );
    }
    case 'marker':
      return <MarkerRow row={row} />;
    case 'model':
      return (
        <div className="chat-row marker" data-event-id={row.eventId}>
          {markerWords(row)}
        </div>
      );
    case 'compaction':
      return (
        <div className="chat-row marker compaction" data-event-id={row.eventId}>
          {row.event.summary ? (
            <details>
              <summary>{markerWords(row)}</summary>
              <Markdown text={row.event.summary} />
            </details>
          ) : (
            markerWords(row)
          )}
        </div>
      );
    case 'unknown':
      // Drawn only when its folded line is opened: its code loads then.
      return (
        <Suspense fallback={null}>
          <UnknownRow row={row} />
        </Suspense>
      );
  }
});
