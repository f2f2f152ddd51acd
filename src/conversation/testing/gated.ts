import { asServerEvent, type ServerEvent, type WireEvent } from '../../agent-server/protocol';

// Events built as a server sends them (the mock's makers, a test's literal), passed through the
// gate every event from a server passes (asServerEvent), as the log does before the projection.

export function gate(event: WireEvent | Record<string, unknown>): ServerEvent {
  const gated = asServerEvent(event);
  if (!gated) throw new Error(`not an event: ${JSON.stringify(event)}`);
  return gated;
}

export const gated = (events: readonly (WireEvent | Record<string, unknown>)[]): ServerEvent[] =>
  events.map(gate);
