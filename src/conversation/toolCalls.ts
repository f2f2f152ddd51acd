import type {
  ActionEvent,
  AgentErrorEvent,
  ObservationEvent,
  UserRejectObservation,
} from '../agent-server/protocol';

// A tool call as the screen knows it: the action and every outcome the server persisted for it,
// and the one rule for the state it shows (running, done, failed, rejected, interrupted).

export type Outcome = ObservationEvent | UserRejectObservation | AgentErrorEvent;

export interface ToolCall {
  /** The call's tool_call_id: the key that pairs an action with its outcomes. */
  readonly toolCallId: string;
  readonly action: ActionEvent | undefined;
  /** Every outcome the server persisted for this call, oldest first (seed 004 can give two). */
  readonly outcomes: readonly Outcome[];
}

export type CallState = 'running' | 'done' | 'error' | 'rejected' | 'interrupted';

const RESTART_ERROR = /restart/i;
const INTERRUPT_ERROR = /interrupt|cancel/i;

/** How an AgentErrorEvent reads: a cut-off run is "interrupted", anything else an error. */
export function agentErrorState(error: AgentErrorEvent): 'interrupted' | 'error' {
  return RESTART_ERROR.test(error.error ?? '') || INTERRUPT_ERROR.test(error.error ?? '')
    ? 'interrupted'
    : 'error';
}

/**
 * A call's state. An observation means the tool really ran, so it decides; otherwise the first
 * outcome (the one the agent saw) does. Without any outcome, a call is running only while the
 * conversation is active: a dangling call in a stopped conversation is settled, never a spinner.
 */
export function callState(call: ToolCall, active: boolean): CallState {
  const observation = call.outcomes.findLast((o): o is ObservationEvent => o.kind === 'ObservationEvent');
  if (observation) return observation.observation.is_error ? 'error' : 'done';
  const first = call.outcomes[0];
  if (first?.kind === 'UserRejectObservation') return 'rejected';
  if (first?.kind === 'AgentErrorEvent') return agentErrorState(first);
  return active ? 'running' : 'interrupted';
}
