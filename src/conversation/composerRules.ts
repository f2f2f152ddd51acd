import type { ExecutionStatus } from '../agent-server/protocol';
import type { ConnectionState } from '../agent-server/socket';
import { t } from '../i18n/i18n';
import { isActive } from './executionStatus';

// What the user may do in the conversation right now, as pure predicates: one place, tested as
// truth tables, read by the composer and the header.

/** Why sending is not possible, or undefined when it is. */
export function sendBlockedReason(
  status: ExecutionStatus | undefined,
  connection: ConnectionState,
): string | undefined {
  if (connection.kind === 'key-rejected') return t('composer.blocked.keyRejected');
  if (connection.kind === 'gone') return t('composer.blocked.gone');
  if (status === 'waiting_for_confirmation') {
    // A message now would silently approve the pending actions on the server.
    return t('composer.blocked.approval');
  }
  return undefined;
}

/** Something to send (text, or images alone) and nothing that blocks sending. */
export function canSend(
  text: string,
  status: ExecutionStatus | undefined,
  connection: ConnectionState,
  images = 0,
): boolean {
  return (text.trim() !== '' || images > 0) && sendBlockedReason(status, connection) === undefined;
}

export function canStop(status: ExecutionStatus | undefined, stopping: boolean): boolean {
  return status === 'running' && !stopping;
}

/** Continue re-runs a stopped agent; a finished one needs a new message instead. */
export function canContinue(status: ExecutionStatus | undefined): boolean {
  return status === 'paused' || status === 'error' || status === 'stuck';
}

export type Activity = 'idle' | 'running' | 'confirming';

export function activityOf(status: ExecutionStatus | undefined): Activity {
  if (status === 'waiting_for_confirmation') return 'confirming';
  return isActive(status) ? 'running' : 'idle';
}
