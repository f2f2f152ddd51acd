import type { ExecutionStatus } from '../agent-server/protocol';
import { t, type MessageId } from '../i18n/i18n';

// Which conversations the list shows for the words typed in its filter and the status chosen.
// Pure: the list gives each conversation's title as shown (the server's, else its first message).

export type StatusFilter = 'all' | 'active' | 'finished' | 'stopped' | 'failed';

const STATUS_FILTER_WORDS: Record<StatusFilter, MessageId> = {
  all: 'list.status.all',
  active: 'list.status.active',
  finished: 'list.status.finished',
  stopped: 'list.status.stopped',
  failed: 'list.status.failed',
};

export const STATUS_FILTERS = Object.keys(STATUS_FILTER_WORDS) as StatusFilter[];

/** A status filter's choice, in words. */
export const statusFilterWords = (filter: StatusFilter): string => t(STATUS_FILTER_WORDS[filter]);

const STATUS_GROUP: Record<ExecutionStatus, StatusFilter> = {
  running: 'active',
  waiting_for_confirmation: 'active',
  finished: 'finished',
  paused: 'stopped',
  idle: 'stopped',
  error: 'failed',
  stuck: 'failed',
};

/** Every word of the filter, in any order and case, in the title; and the status in the group. */
export function listFilter(text: string, status: StatusFilter) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return (title: string, executionStatus: ExecutionStatus | undefined): boolean => {
    if (status !== 'all' && (!executionStatus || STATUS_GROUP[executionStatus] !== status)) return false;
    const lower = title.toLowerCase();
    return words.every((word) => lower.includes(word));
  };
}
