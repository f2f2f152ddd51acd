import { describe, expect, it } from 'vitest';
import type { CopiedConversation } from '../copy/copySchema';
import { unsearched } from './unsearched';

const A = 'http://a.localhost';
const B = 'http://b.localhost';

function copied(
  server: string,
  conversation: string,
  olderCursor: string | null,
  title?: string,
): CopiedConversation {
  return {
    server,
    conversation,
    low: 0,
    high: 9,
    lowId: 'low',
    highId: 'high',
    olderCursor,
    head: undefined,
    listed: title === undefined ? undefined : { id: conversation, title },
    savedAt: 0,
    openedAt: 0,
    bytes: 10,
  };
}

describe('what the search cannot reach', () => {
  it('names what is listed and not kept, and what is kept from a later event on only', () => {
    const listed = [
      { server: A, id: 'whole', title: 'Kept whole' },
      { server: A, id: 'part', title: 'Renamed since' },
      { server: B, id: 'none', title: 'Never opened' },
    ];
    const kept = [
      copied(A, 'whole', null),
      copied(A, 'part', 'cursor-below', 'Old title'),
      // Not on the list's first page: still named, by the copy's title.
      copied(B, 'older', 'cursor', 'Beyond the list'),
    ];
    expect(unsearched(listed, kept, new Set([A, B]))).toEqual({
      notKept: [{ server: B, id: 'none', title: 'Never opened' }],
      partlyKept: [
        { server: A, id: 'part', title: 'Renamed since' },
        { server: B, id: 'older', title: 'Beyond the list' },
      ],
    });
  });

  it('leaves out a copy of a server no longer known here: it cannot be fetched', () => {
    expect(unsearched([], [copied(B, 'part', 'cursor')], new Set([A])).partlyKept).toEqual([]);
  });

  it('the same conversation id on two servers is two conversations', () => {
    const result = unsearched(
      [{ server: B, id: 'x', title: 'On B' }],
      [copied(A, 'x', null)],
      new Set([A, B]),
    );
    expect(result.notKept).toEqual([{ server: B, id: 'x', title: 'On B' }]);
  });
});
