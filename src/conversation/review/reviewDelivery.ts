import { contentText, type ServerEvent } from '../../agent-server/protocol';
import type { ReviewComment } from './reviewComments';

// A review goes to the agent as an ordinary message, through the conversation's outbox. It is
// sent once the server holds it: its echo among the server's events, found by its exact text,
// which carries every comment it sends (two reviews are never the same text).

/** The person's message events, by their text: the newest of each text wins. */
function userMessagesByText(events: Iterable<ServerEvent>): Map<string, string> {
  const byText = new Map<string, string>();
  for (const event of events) {
    if (event.kind !== 'MessageEvent' || event.source !== 'user') continue;
    // Typed by its kind, never checked field by field: read as if it could lack its message.
    byText.set(contentText(event.llm_message?.content), event.id);
  }
  return byText;
}

/** The comments whose message the server now holds, each with that message's event id. */
export function echoedComments(
  comments: readonly ReviewComment[],
  events: Iterable<ServerEvent>,
): Map<string, string> {
  const sending = comments.filter((comment) => comment.delivery.kind === 'sending');
  const found = new Map<string, string>();
  if (sending.length === 0) return found;
  const byText = userMessagesByText(events);
  for (const comment of sending) {
    if (comment.delivery.kind !== 'sending') continue;
    const eventId = byText.get(comment.delivery.text);
    if (eventId) found.set(comment.id, eventId);
  }
  return found;
}

/** What a comment is now that its message went: `sending` until its echo is seen. */
export const sendingAs = (comment: ReviewComment, text: string, at: number): ReviewComment => ({
  ...comment,
  delivery: {
    kind: 'sending',
    text,
    at,
    round: comment.delivery.kind === 'draft' ? 1 : comment.delivery.round + 1,
  },
});

export const sentAs = (comment: ReviewComment, eventId: string): ReviewComment =>
  comment.delivery.kind === 'sending'
    ? {
        ...comment,
        delivery: { kind: 'sent', eventId, at: comment.delivery.at, round: comment.delivery.round },
      }
    : comment;

/**
 * Whether the agent has acted since the message `eventId`: its comments can then be judged
 * against the files. A message no longer held (an old page not read) counts as answered.
 */
export function answeredSince(eventId: string, events: readonly ServerEvent[]): boolean {
  const message = events.find((event) => event.id === eventId);
  if (!message) return true;
  return events.some(
    (event) =>
      event.source === 'agent' &&
      event.kind !== 'ConversationStateUpdateEvent' &&
      event.timestamp > message.timestamp,
  );
}

/** Back to the tray, not sent: its message never reached the server (a reload took it). */
export const unsent = (comment: ReviewComment): ReviewComment =>
  comment.delivery.kind === 'sending' ? { ...comment, delivery: { kind: 'draft' } } : comment;
