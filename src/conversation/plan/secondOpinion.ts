import { searchEventPage, type AgentServerClients } from '../../agent-server/client';
import type { ExecutionStatus } from '../../agent-server/protocol';
import { tagOf } from '../conversationTags';
import { agentAnswerText } from '../newestMessage';

// A second opinion on a plan: another model reads it in a child of the planning conversation,
// with reading tools only (it may search the code and changes nothing), and answers in words.
// The planning conversation names its newest opinion in a tag; the opinion names the version of
// the plan it read, so that a plan revised since says its opinion is of an earlier one.

/** On the planning conversation: the child holding its newest second opinion. */
export const OPINION_TAG = 'tetheropinion';
/** On the opinion: the version of the plan it read. */
export const OPINION_OF_TAG = 'tetheropinionof';

/** The plan's version: its newest edit's event, or the headers the server wrote before any. */
export const planVersion = (editEventId: string | undefined): string => editEventId ?? 'none';

/** The conversation of the planning conversation's newest second opinion, if it asked for one. */
export const opinionOf = (planning: unknown): string | undefined => tagOf(planning, OPINION_TAG) || undefined;

export type OpinionState =
  | { kind: 'reviewing' }
  | { kind: 'answered'; answer: string; earlierPlan: boolean }
  | { kind: 'failed'; status: ExecutionStatus };

/**
 * Where an opinion stands once its run has settled (before, it is reviewing): answered with its
 * words, or failed when it stopped without any (an error, stuck, paused, or finished silent).
 */
export function opinionState(
  opinion: unknown,
  status: ExecutionStatus,
  answer: string | undefined,
  currentVersion: string,
): Exclude<OpinionState, { kind: 'reviewing' }> {
  if (status === 'finished' && answer?.trim())
    return { kind: 'answered', answer, earlierPlan: tagOf(opinion, OPINION_OF_TAG) !== currentVersion };
  return { kind: 'failed', status };
}

/** The agent's newest answer in a conversation, read from its newest events (a short one's all). */
export async function newestAnswerOf(
  conversations: AgentServerClients['conversations'],
  id: string,
): Promise<string | undefined> {
  const page = await searchEventPage(conversations, id, { limit: 50, sort_order: 'TIMESTAMP_DESC' });
  for (const item of page.items) {
    const text = agentAnswerText(item);
    if (text !== undefined) return text;
  }
  return undefined;
}
