import { useStore } from 'zustand';
import type { ConversationSession, PendingMessage } from '../conversation/liveSession';

/** What is not (yet) in the history: the agent's streaming turn and the user's messages on their way. */
export function LiveFooter({ session }: { session: ConversationSession }) {
  const stream = useStore(session.live, (s) => s.stream);
  const pending = useStore(session.live, (s) => s.pending);
  const status = useStore(session.live, (s) => s.status);
  return (
    <div className="live-footer">
      {(stream.content || stream.reasoning) && (
        <div className="chat-row from-agent streaming" aria-live="polite" aria-busy="true">
          <div className="author">Agent · writing…</div>
          {stream.reasoning && (
            <details className="thinking" open>
              <summary>Thinking</summary>
              <p className="stream-text">{stream.reasoning}</p>
            </details>
          )}
          {stream.content && <p className="stream-text">{stream.content}</p>}
        </div>
      )}
      {pending.map((message) => (
        <PendingBubble
          key={message.localId}
          message={message}
          session={session}
          agentRunning={status === 'running'}
        />
      ))}
    </div>
  );
}

function PendingBubble({
  message,
  session,
  agentRunning,
}: {
  message: PendingMessage;
  session: ConversationSession;
  agentRunning: boolean;
}) {
  const words =
    message.state === 'failed'
      ? `Not delivered: ${message.error ?? 'unknown error'}`
      : message.state === 'sending'
        ? 'Sending…'
        : agentRunning
          ? 'Queued: the agent reads it after its current step'
          : 'Sent, waiting for the server';
  return (
    <div
      className={`chat-row message from-user pending pending-${message.state}`}
      data-pending-state={message.state}
    >
      <div className="author">You</div>
      <p className="stream-text">{message.text}</p>
      <p className="pending-state" role={message.state === 'failed' ? 'alert' : 'status'}>
        {words}
      </p>
      {message.state === 'failed' && (
        <div className="pending-actions">
          <button type="button" onClick={() => void session.retry(message.localId)}>
            Retry
          </button>
          <button type="button" onClick={() => session.discard(message.localId)}>
            Discard
          </button>
        </div>
      )}
    </div>
  );
}
