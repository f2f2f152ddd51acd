import type { ExecutionStatus } from '../agent-server/protocol';

export const STATUS_WORDS: Record<ExecutionStatus, string> = {
  idle: 'Idle',
  running: 'Running',
  paused: 'Paused',
  waiting_for_confirmation: 'Waiting for confirmation',
  finished: 'Finished',
  error: 'Error',
  stuck: 'Stuck',
};

/** The server's title, else the first thing the user asked (one line), else "Untitled". */
export function conversationTitle(
  title: string | null | undefined,
  firstUserMessage: string | undefined,
): string {
  const fromTitle = title?.trim();
  if (fromTitle) return fromTitle;
  const firstLine = firstUserMessage?.trim().split('\n')[0]?.trim();
  if (firstLine) return firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine;
  return 'Untitled';
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The server writes naive UTC timestamps as well as offset ones; both read as UTC. */
export function formatTimestamp(timestamp: string): string {
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/.test(timestamp);
  const date = new Date(hasZone ? timestamp : `${timestamp}Z`);
  return Number.isNaN(date.getTime()) ? timestamp : dateFormat.format(date);
}
