import { useEffect, useMemo, useRef, useState } from 'react';
import { sendFailureWords, type PendingMessage } from '../../conversation/outbox';
import type { LiveSession } from '../../conversation/session/sessionHandle';
import type { StreamItem, StreamState } from '../../conversation/streamItems';
import { MessageImages } from '../attachments/MessageImages';
import { advanceStreaming, startStreaming, type StreamingMarkdown } from '../markdown/streaming';
import { MarkdownBlock } from '../markdown/Markdown';
import { t, useT } from '../../i18n/i18n';
import { ANSWER_REQUEST } from '../../conversation/answers/answerRequest';
import 'virtual:tether-english/answers';
import 'virtual:tether-english/resend';

// What the live footer shows once there is something live: the agent's streaming answer, the
// wait for its model, and the person's messages on their way. Loaded with the first of them: a
// conversation only read never needs it.

export default function LiveItems({
  session,
  model,
  streams,
  pending,
  agentRunning,
  waitingForModel,
  missed,
}: {
  session: LiveSession;
  model: string | undefined;
  streams: StreamState;
  pending: PendingMessage[];
  agentRunning: boolean;
  waitingForModel: boolean;
  /** A message the run ended without answering, offered to have answered. */
  missed: string | undefined;
}) {
  useT();
  return (
    <>
      {waitingForModel && <ModelWait model={model} />}
      {streams.items.map((item) => (
        <StreamingBubble key={item.itemId} item={item} />
      ))}
      {streams.aborted && streams.items.length === 0 && (
        <p className="stream-aborted" data-item-id={streams.aborted.itemId}>
          {t('live.aborted', { reason: abortWords(streams.aborted.reason) })}
        </p>
      )}
      {pending.map((message) => (
        <PendingBubble
          key={message.localId}
          message={message}
          session={session}
          agentRunning={agentRunning}
        />
      ))}
      {/* Until the request's echo settles it, its bubble says it is on its way. */}
      {missed !== undefined && !pending.some((message) => message.text === ANSWER_REQUEST) && (
        <div className="chat-row notice missed-answer" role="status">
          <p>{t('answers.missedOffer')}</p>
          <button type="button" onClick={() => void session.commands.send(ANSWER_REQUEST)}>
            {t('answers.askAgent')}
          </button>
        </div>
      )}
    </>
  );
}

function StreamingBubble({ item }: { item: StreamItem }) {
  const t = useT();
  if (!item.text && !item.reasoning) return null;
  return (
    <div
      className="chat-row from-agent streaming"
      aria-busy="true"
      data-item-id={item.itemId}
      data-attempt={item.attempt}
      data-lossy={item.lossy || undefined}
    >
      <div className="author">
        {t('live.writing')}
        {item.lossy && (
          <span className="lossy-note" title={t('live.partialExplain')}>
            {' '}
            {t('live.partial')}
          </span>
        )}
      </div>
      {item.reasoning && (
        <details className="thinking" open>
          <summary>{t('row.thinking')}</summary>
          <p className="stream-text">{item.reasoning}</p>
        </details>
      )}
      {item.text && <StreamingAnswer text={item.text} />}
    </div>
  );
}

/** The answer so far as markdown: finished blocks frozen, only the tail parsed again. */
function StreamingAnswer({ text }: { text: string }) {
  const previous = useRef<StreamingMarkdown>(startStreaming());
  const state = useMemo(() => advanceStreaming(previous.current, text), [text]);
  useEffect(() => {
    previous.current = state;
  });
  return (
    <div className="markdown stream-answer">
      {state.frozen.map((source, index) => (
        <MarkdownBlock key={index} source={source} settled />
      ))}
      <MarkdownBlock source={state.tail} settled={false} />
    </div>
  );
}

const MODEL_WAIT_SHOWN_AFTER_MS = 1000;

function ModelWait({ model }: { model: string | undefined }) {
  const t = useT();
  const [since] = useState(() => Date.now());
  const [now, setNow] = useState(since);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, []);
  // The usual gap between two steps is far shorter: only a wait that lasts is worth a line.
  if (now - since < MODEL_WAIT_SHOWN_AFTER_MS) return null;
  const seconds = Math.floor((now - since) / 1000);
  return (
    <p className="model-wait">
      <span className="spinner" aria-hidden="true" />{' '}
      {model ? t('live.waitingForNamedModel', { model, seconds }) : t('live.waitingForModel', { seconds })}
    </p>
  );
}

function abortWords(reason: string): string {
  if (reason === 'cancelled') return t('live.abort.stopped');
  if (reason === 'no_durable_event') return t('live.abort.noMessage');
  return reason;
}

function PendingBubble({
  message,
  session,
  agentRunning,
}: {
  message: PendingMessage;
  session: LiveSession;
  agentRunning: boolean;
}) {
  const t = useT();
  if (message.text === ANSWER_REQUEST && message.state !== 'failed')
    return <div className="chat-row marker answer-request">{t('answers.asking')}</div>;
  const words =
    message.state === 'failed'
      ? t('pending.failed', {
          error: message.failure ? sendFailureWords(message.failure) : t('pending.unknownError'),
        })
      : message.resent
        ? t('resend.sent')
        : message.state === 'sending'
          ? t('pending.sending')
          : agentRunning
            ? t('row.queued')
            : t('pending.sent');
  return (
    <div
      className={`chat-row message from-user pending pending-${message.state}`}
      data-pending-state={message.state}
    >
      <div className="author">{t('row.you')}</div>
      {message.text && <p className="stream-text">{message.text}</p>}
      <MessageImages urls={message.images} nameOf={(number) => t('row.imageAttached', { number })} />
      <p
        className="pending-state"
        role={message.state === 'failed' ? 'alert' : message.resent ? 'status' : undefined}
      >
        {words}
        {message.state === 'failed' && message.resendWhenBack && <> {t('resend.whenBack')}</>}
      </p>
      {message.state === 'failed' && (
        <div className="pending-actions">
          <button type="button" onClick={() => void session.commands.retry(message.localId)}>
            {t('pending.retry')}
          </button>
          <button type="button" onClick={() => session.commands.discard(message.localId)}>
            {t('pending.discard')}
          </button>
        </div>
      )}
    </div>
  );
}
