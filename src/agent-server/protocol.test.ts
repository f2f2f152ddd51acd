import { describe, expect, it } from 'vitest';
import { asConversationInfo, NotAConversation } from './protocol';

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
