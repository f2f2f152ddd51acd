import {
  isRecord,
  type ActionEvent,
  type MessageEvent,
  type ObservationEvent,
  type ServerEvent,
} from '../agent-server/protocol';
import type { Outcome } from './toolCalls';

// What an event of a known kind must hold to be paired or shown as that kind. One that lacks it
// is shown as a raw row with the reason, never dropped and never a crash. The reason is the
// fields it lacks (the server's own names, the same in every language); words are made when drawn.

/** The fields that keep an event from being paired or shown as its kind; null when it is well-formed. */
export function malformation(event: ServerEvent, kind: string): string | null {
  switch (kind) {
    case 'MessageEvent': {
      const message = (event as MessageEvent).llm_message;
      return isRecord(message) && Array.isArray(message.content) ? null : 'llm_message.content';
    }
    case 'ActionEvent':
      return typeof (event as ActionEvent).tool_call_id === 'string' ? null : 'tool_call_id';
    case 'ObservationEvent':
      return typeof (event as ObservationEvent).tool_call_id === 'string' &&
        isRecord((event as ObservationEvent).observation)
        ? null
        : 'tool_call_id, observation';
    case 'UserRejectObservation':
    case 'AgentErrorEvent':
      return typeof (event as Outcome).tool_call_id === 'string' ? null : 'tool_call_id';
    default:
      return null;
  }
}
