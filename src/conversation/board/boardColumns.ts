import type { ConversationInfo } from '../../agent-server/protocol';
import type { Glimpse } from './glimpse';
import { PLAN_TAG, tagOf, tagsOf } from '../conversationTags';
import { stopsOf } from '../limits/runLimits';
import { STOPS_TAG } from '../limits/limitTags';

// Which column of the board a conversation is in, from the server's own status and, where the
// status does not tell, from a glimpse of its newest events. Never a guess: a conversation whose
// events were not looked at is placed by its status alone, and its reason says so. Pure.

export const BOARD_COLUMNS = ['needsYou', 'working', 'review', 'done', 'idle'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/** Why a card is where it is: the card's tooltip says it in words. */
export type BoardReason =
  | 'approval'
  | 'asked'
  | 'plan'
  | 'limit'
  | 'budget'
  | 'iterations'
  | 'llmAuth'
  | 'error'
  | 'stuck'
  | 'running'
  | 'edited'
  | 'finished'
  | 'finishedSeen'
  | 'finishedUnread'
  | 'paused'
  | 'idle';

export interface Placement {
  readonly column: BoardColumn;
  readonly reason: BoardReason;
  /** The event to open the conversation at: the one that waits, asks or failed. */
  readonly eventId?: string;
}

/** The server's codes for a run stopped by a limit or a key, each its own card and action. */
const ERROR_REASONS: Record<string, BoardReason> = {
  MaxBudgetReached: 'budget',
  MaxIterationsReached: 'iterations',
  LLMAuthenticationError: 'llmAuth',
};

/** The glimpse describes the conversation as it is now (it was read at its last update). */
export const glimpseCurrent = (info: ConversationInfo, glimpse: Glimpse | undefined): glimpse is Glimpse =>
  glimpse !== undefined && glimpse.readAt === info.updated_at;

/**
 * The column of `info`. `glimpse` is used only when it is current; `seenAt` is the `updated_at`
 * the conversation had when the person last had it on screen in this browser, if ever (the
 * server's clock on both sides, so a browser's clock set wrong cannot mark a run seen).
 */
export function placeOnBoard(
  info: ConversationInfo,
  glimpse: Glimpse | undefined,
  seenAt: string | undefined,
): Placement {
  const current = glimpseCurrent(info, glimpse) ? glimpse : undefined;
  const status = info.execution_status;
  const errorReason = current?.error ? ERROR_REASONS[current.error.code] : undefined;
  if (errorReason) return { column: 'needsYou', reason: errorReason, eventId: current!.error!.eventId };
  switch (status) {
    case 'waiting_for_confirmation':
      return { column: 'needsYou', reason: 'approval', ...eventAt(current?.pending?.eventId) };
    case 'error':
      return { column: 'needsYou', reason: 'error', ...eventAt(current?.error?.eventId) };
    case 'stuck':
      return { column: 'needsYou', reason: 'stuck' };
    case 'running':
      return { column: 'working', reason: 'running' };
  }
  // A "Plan first" plan waits for an answer (approve, change, discard) whoever has looked.
  if (tagOf(info, PLAN_TAG) === 'planning') return { column: 'needsYou', reason: 'plan' };
  // Tether stopped the run at a limit, and that stop is still the newest event.
  const stopped = current?.stop && stopsOf(tagsOf(info)).at(-1)?.eventId === current.stop.eventId;
  if (status === 'paused' && stopped)
    return { column: 'needsYou', reason: 'limit', eventId: current.stop!.eventId };
  // Nothing runs: the last words may ask the person something, until the person has looked.
  if (current?.question && !seenSince(info, seenAt))
    return { column: 'needsYou', reason: 'asked', eventId: current.question.eventId };
  if (status === 'paused') return { column: 'idle', reason: 'paused' };
  if (status !== 'finished') return { column: 'idle', reason: 'idle' };
  if (seenSince(info, seenAt)) return { column: 'done', reason: 'finishedSeen' };
  if (current?.edited) return { column: 'review', reason: 'edited' };
  return { column: 'done', reason: current ? 'finished' : 'finishedUnread' };
}

const seenSince = (info: ConversationInfo, seenAt: string | undefined) =>
  seenAt !== undefined && Date.parse(seenAt) >= Date.parse(info.updated_at);

const eventAt = (eventId: string | undefined) => (eventId ? { eventId } : {});

/**
 * Whether the board should read a glimpse of `info`: its status leaves something to tell, and the
 * glimpse it has is not current. A running conversation changes with every step: it is read when
 * it stops. One the person has seen since it last changed needs nothing more, unless it waits for
 * approval or failed (the card says what it waits for, or why it stopped).
 */
export function wantsGlimpse(
  info: ConversationInfo,
  glimpse: Glimpse | undefined,
  seenAt: string | undefined,
  now: number,
): boolean {
  const status = info.execution_status;
  if (glimpseCurrent(info, glimpse) || status === 'running') return false;
  if (status === 'waiting_for_confirmation' || status === 'error') return true;
  // Paused where Tether once stopped it at a limit: whether that stop is the newest event says if
  // it still waits for the limit to be raised, seen or not.
  if (status === 'paused' && tagOf(info, STOPS_TAG)) return true;
  if (seenSince(info, seenAt)) return false;
  // A board of hundreds of old conversations is not read whole: the old ones go by their status.
  return now - Date.parse(info.updated_at) <= GLIMPSE_WITHIN_MS;
}

/** Conversations that changed longer ago than this are placed by their status alone. */
export const GLIMPSE_WITHIN_MS = 14 * 24 * 60 * 60 * 1_000;

/** How many cards need the person: the tab title and the app badge say it. */
export const needsYouCount = (placements: Iterable<Placement>): number => {
  let count = 0;
  for (const placement of placements) if (placement.column === 'needsYou') count++;
  return count;
};
