import type { ExecutionStatus } from '../agent-server/protocol';
import { clipped } from '../conversation/clipped';
import { t, type MessageId } from '../i18n/i18n';
import { formatDate } from '../i18n/format';

const STATUS_WORDS: Record<ExecutionStatus, MessageId> = {
  idle: 'status.idle',
  running: 'status.running',
  paused: 'status.paused',
  waiting_for_confirmation: 'status.waitingForConfirmation',
  finished: 'status.finished',
  error: 'status.error',
  stuck: 'status.stuck',
};

/** A run's state in words; one the server added since is shown as it names it. */
export const statusWords = (status: string): string =>
  status in STATUS_WORDS ? t(STATUS_WORDS[status as ExecutionStatus]) : status;

/** The server's title, else the first thing the user asked (one line), else "Untitled". */
export function conversationTitle(
  title: string | null | undefined,
  firstUserMessage: string | undefined,
): string {
  const fromTitle = title?.trim();
  if (fromTitle) return fromTitle;
  const firstLine = firstUserMessage?.trim().split('\n')[0]?.trim();
  if (firstLine) return clipped(firstLine, 80);
  return t('conversation.untitled');
}

/** The server writes naive UTC timestamps as well as offset ones; both read as UTC. */
export function formatTimestamp(timestamp: string): string {
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/.test(timestamp);
  const date = new Date(hasZone ? timestamp : `${timestamp}Z`);
  return Number.isNaN(date.getTime())
    ? timestamp
    : formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "now", "5 min", "3 h", "2 d", then the date: short enough for one line of the list. */
export function relativeTime(timestamp: string, now: number): string {
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/.test(timestamp);
  const time = new Date(hasZone ? timestamp : `${timestamp}Z`).getTime();
  if (Number.isNaN(time)) return timestamp;
  const minutes = Math.floor((now - time) / 60_000);
  if (minutes < 1) return t('time.now');
  if (minutes < 60) return t('time.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('time.hours', { count: hours });
  const days = Math.floor(hours / 24);
  if (days < 7) return t('time.days', { count: days });
  return formatDate(new Date(time), { day: 'numeric', month: 'short', timeZone: 'UTC' });
}
