import { describe, expect, it } from 'vitest';
import { asConversationInfo, asServerEvent, NotAConversation, serverKindOf } from './protocol';

describe('a conversation’s info from the server', () => {
  it('keeps what it sent, with the fields drawn as text made text or none', () => {
    const info = asConversationInfo({
      id: 'c1',
      title: { text: 'an object' },
      execution_status: 7,
      parent_conversation_id: 42,
      leaf_event_id: ['e1'],
      created_at: '2026-11-28T00:00:00Z',
      extra: { kept: true },
    });
    expect(info).toEqual({
      id: 'c1',
      title: null,
      execution_status: 'idle',
      parent_conversation_id: null,
      leaf_event_id: null,
      created_at: '2026-11-28T00:00:00Z',
      extra: { kept: true },
    });
  });

  it('keeps text as it is, and a status word it does not know (a newer server’s)', () => {
    expect(asConversationInfo({ id: 'c1', title: 'Fix it', execution_status: 'deliberating' })).toMatchObject(
      {
        title: 'Fix it',
        execution_status: 'deliberating',
      },
    );
  });

  it('is no conversation without an id', () => {
    for (const value of [null, 'c1', [], {}, { id: '' }, { id: 3 }])
      expect(() => asConversationInfo(value)).toThrow(NotAConversation);
  });
});

describe('an event through the gate', () => {
  it('keeps a known kind as it came, so that its kind tells its shape', () => {
    const event = asServerEvent({
      id: 'e1',
      kind: 'MessageEvent',
      source: 'user',
      llm_message: { content: [] },
    });
    expect(event?.kind).toBe('MessageEvent');
    // The kind narrows: no cast reads the message (a compile-time check as much as a run-time one).
    expect(event?.kind === 'MessageEvent' && event.llm_message.content).toEqual([]);
  });

  it('puts an unknown kind under its own tag, keeps the server’s kind, and gives it back as sent', () => {
    const sent = { id: 'e2', kind: 'TelemetryPulseEvent', source: 'environment', timestamp: 't', payload: 1 };
    const event = asServerEvent(sent)!;
    expect(event.kind).toBe('UnknownEvent');
    expect(serverKindOf(event)).toBe('TelemetryPulseEvent');
    // Read back from this browser's copy, it is not wrapped twice.
    expect(asServerEvent(event)).toEqual(event);
    // A server that names a kind "UnknownEvent" itself is kept as it said.
    expect(serverKindOf(asServerEvent({ id: 'e3', kind: 'UnknownEvent' })!)).toBe('UnknownEvent');
  });
});
