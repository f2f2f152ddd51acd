import { contentText, type MessageEvent } from '../../agent-server/protocol';

// The message that has the agent answer one it missed (missedMessages.ts): it says why it is
// sent. It is written for the model, in English, and drawn on screen as a note in the person's
// language. Apart from the rule, which only the live session needs: every transcript draws it.

/** The message Tether sends so that the agent answers the one it missed. */
export const ANSWER_REQUEST =
  '(Sent by Tether: the run ended before you read my previous message. Please answer it now.)';

/** Whether a user message is Tether's request for an answer rather than the person's words. */
export function isAnswerRequest(message: MessageEvent): boolean {
  return contentText(message.llm_message?.content) === ANSWER_REQUEST;
}
