import 'virtual:tether-english/board';
import { formatNumber } from '../../i18n/format';
import { t, type MessageId } from '../../i18n/i18n';
import type { BoardColumn, BoardReason } from '../../conversation/board/boardColumns';

// The board's words, made when drawn from the facts of boardColumns.ts.

export const COLUMN_WORDS: Record<BoardColumn, MessageId> = {
  needsYou: 'board.column.needsYou',
  working: 'board.column.working',
  review: 'board.column.review',
  done: 'board.column.done',
  idle: 'board.column.idle',
};

/** Why a card is where it is, in a few words; its rule in a sentence (the card's tooltip). */
export const REASON_WORDS: Record<BoardReason, { said: MessageId; rule: MessageId }> = {
  approval: { said: 'board.reason.approval', rule: 'board.rule.approval' },
  asked: { said: 'board.reason.asked', rule: 'board.rule.asked' },
  plan: { said: 'board.reason.plan', rule: 'board.rule.plan' },
  limit: { said: 'board.reason.limit', rule: 'board.rule.tetherLimit' },
  budget: { said: 'board.reason.budget', rule: 'board.rule.limit' },
  iterations: { said: 'board.reason.iterations', rule: 'board.rule.limit' },
  llmAuth: { said: 'board.reason.llmAuth', rule: 'board.rule.limit' },
  error: { said: 'board.reason.error', rule: 'board.rule.status' },
  stuck: { said: 'board.reason.stuck', rule: 'board.rule.status' },
  running: { said: 'board.reason.running', rule: 'board.rule.status' },
  edited: { said: 'board.reason.edited', rule: 'board.rule.edited' },
  finished: { said: 'board.reason.finished', rule: 'board.rule.finished' },
  finishedSeen: { said: 'board.reason.finishedSeen', rule: 'board.rule.seen' },
  finishedUnread: { said: 'board.reason.finishedUnread', rule: 'board.rule.unread' },
  paused: { said: 'board.reason.paused', rule: 'board.rule.status' },
  idle: { said: 'board.reason.idle', rule: 'board.rule.status' },
};

/** "(2) Board — Tether": what needs the person first, where a glance at the tab finds it. */
export const boardTabTitle = (needsYou: number): string =>
  needsYou > 0 ? t('board.tabTitleWaiting', { count: needsYou }) : t('board.tabTitle');

/** "4 min", "1 h 5 min": how long a run took, in the language spoken. */
export function runLength(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short' });
  if (ms < 60_000) return unit(Math.max(0, Math.round(ms / 1_000)), 'second');
  if (minutes < 60) return unit(minutes, 'minute');
  return `${unit(Math.floor(minutes / 60), 'hour')} ${unit(minutes % 60, 'minute')}`;
}
