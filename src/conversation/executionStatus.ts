import { isExecutionStatus, isRecord, type ExecutionStatus } from '../agent-server/protocol';

// The one reader of a conversation's execution status, wherever the server says it: a state
// update event (`execution_status`, or the `full_state` snapshot) or a ConversationInfo.

/** The status a ConversationStateUpdateEvent (or its raw frame) carries, if any. */
export function statusFromStateUpdate(event: unknown): ExecutionStatus | undefined {
  if (!isRecord(event) || event.kind !== 'ConversationStateUpdateEvent') return undefined;
  const value =
    event.key === 'full_state'
      ? isRecord(event.value)
        ? event.value.execution_status
        : undefined
      : event.key === 'execution_status'
        ? event.value
        : undefined;
  return isExecutionStatus(value) ? value : undefined;
}

/** The status of a ConversationInfo as REST returns it. */
export function statusFromInfo(info: unknown): ExecutionStatus | undefined {
  return isRecord(info) && isExecutionStatus(info.execution_status) ? info.execution_status : undefined;
}

/** The agent is working, or waiting in the middle of its work. */
export function isActive(status: ExecutionStatus | undefined, streamAttached = false): boolean {
  return status === 'running' || status === 'waiting_for_confirmation' || streamAttached;
}
