import { describe, expect, it } from 'vitest';
import { asServerEvent } from '../agent-server/protocol';
import { asSent } from './unknownWords';

describe('an event Tether cannot show, as the server sent it', () => {
  it('has its own kind again and no tag: what the raw view and an export show', () => {
    const sent = { id: 'e2', kind: 'TelemetryPulseEvent', source: 'environment', timestamp: 't', payload: 1 };
    expect(asSent(asServerEvent(sent)!)).toEqual(sent);
    const known = { id: 'e1', kind: 'PauseEvent', source: 'user', timestamp: 't' };
    expect(asSent(asServerEvent(known)!)).toEqual(known);
  });
});
