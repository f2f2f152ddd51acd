import type { ExecutionStatus, MessageEvent } from '../../agent-server/protocol';
import { isAnswerRequest } from './answerRequest';

// A message the server persisted while a run wound down can be left unread: the run ends
// `finished`, the message has no answer, and the server starts nothing for it (seen on 1.57.0;
// docs/agent-server-notes.md). `POST /run` does not start a finished conversation, so the one way
// to have it answered is another message (answerRequest.ts).

/** What of the conversation the rule reads. */
export interface AnswerSource {
  readonly unansweredUserMessage: MessageEvent | undefined;
}

/**
 * The id of a message the agent missed: the conversation finished, and the newest user message
 * has nothing of the agent's after it. Never Tether's own request (at most one per message), and
 * never while a run may still take it: running, waiting, paused by the person, in error (whose
 * event on screen says why), or a message persisted after the status said finished (the server
 * runs that one: it sets a finished conversation idle first).
 */
export function missedMessageId(
  source: AnswerSource,
  status: ExecutionStatus | undefined,
): string | undefined {
  if (status !== 'finished') return undefined;
  const message = source.unansweredUserMessage;
  if (!message || isAnswerRequest(message)) return undefined;
  return message.id;
}
