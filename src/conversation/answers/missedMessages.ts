import type { ExecutionStatus, MessageEvent } from '../../agent-server/protocol';
import { isAnswerRequest } from './answerRequest';

// A message the server persisted while a run wound down can be left unread: the run ends
// `finished`, the message has no answer, and the server starts nothing for it (seen on 1.57.0;
// docs/agent-server-notes.md). `POST /run` does not start a finished conversation, so the one way
// to have it answered is another message (answerRequest.ts).

/** What of the conversation the rule reads. */
export interface AnswerSource {
  readonly unansweredUserMessage: MessageEvent | undefined;
  /** The status of the newest persisted state update the log holds. */
  readonly statusFromEvents: ExecutionStatus | undefined;
}

/**
 * The id of a message the agent missed: the conversation finished, and the newest user message
 * has nothing of the agent's after it. Finished as the log holds it, too: the server persists the
 * run's last events before the status that ends it, so a log holding that status holds the answer
 * if there was one. A `finished` read over REST (a silent socket's check) can come before the
 * socket brings the answer: judged on it alone, the agent would be asked to answer what it had.
 *
 * Never Tether's own request (at most one per message), and never while a run may still take it:
 * running, waiting, paused by the person, in error (whose event on screen says why), or a message
 * persisted after the status said finished (the server runs that one: it sets a finished
 * conversation idle first).
 */
export function missedMessageId(
  source: AnswerSource,
  status: ExecutionStatus | undefined,
): string | undefined {
  if (status !== 'finished' || source.statusFromEvents !== 'finished') return undefined;
  const message = source.unansweredUserMessage;
  if (!message || isAnswerRequest(message)) return undefined;
  return message.id;
}
