import type { ExecutionStatus } from '../agent-server/protocol';

// Which conversations the list shows for the words typed in its filter and the status chosen.
// Pure: the list gives each conversation's title as shown (the server's, else its first message).

export type StatusFilter = 'all' | 'active' | 'finished' | 'stopped' | 'failed';

export const STATUS_FILTER_WORDS: Record<StatusFilter, string> = {
  all: 'Any status',
  active: 'Working or waiting',
  finished: 'Finished',
  stopped: 'Paused or idle',
  failed: 'Error or stuck',
};

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
