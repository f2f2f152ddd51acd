import type { ExecutionStatus } from '../../agent-server/protocol';

/** How often a child conversation shown on its parent's card is read again, or never once settled. */
export function childReadMs(status: ExecutionStatus | undefined): number | false {
  return status === 'finished' || status === 'error' || status === 'stuck' || status === 'paused'
    ? false
    : 3_000;
}
