import { describe, expect, it } from 'vitest';
import { newestAnswerOf, opinionOf, opinionState, planVersion } from './secondOpinion';

describe('a second opinion', () => {
  const opinion = { tags: { tetheropinionof: 'edit-2' } };

  it('is answered once finished with words, and says when the plan has changed since', () => {
    expect(opinionState(opinion, 'finished', 'Sound.', 'edit-2')).toEqual({
      kind: 'answered',
      answer: 'Sound.',
      earlierPlan: false,
    });
    expect(opinionState(opinion, 'finished', 'Sound.', 'edit-3')).toMatchObject({ earlierPlan: true });
  });

  it('failed when it stopped without words', () => {
    expect(opinionState(opinion, 'finished', '  ', 'edit-2')).toEqual({ kind: 'failed', status: 'finished' });
    expect(opinionState(opinion, 'error', undefined, 'edit-2')).toEqual({ kind: 'failed', status: 'error' });
    expect(opinionState(opinion, 'stuck', 'half', 'edit-2')).toEqual({ kind: 'failed', status: 'stuck' });
  });

  it('is named by the planning conversation, and knows the plan by its newest edit', () => {
    expect(opinionOf({ tags: { tetheropinion: 'c-9' } })).toBe('c-9');
    expect(opinionOf({ tags: { tetheropinion: '' } })).toBeUndefined();
    expect(planVersion(undefined)).toBe('none');
    expect(planVersion('e-1')).toBe('e-1');
  });

  it('reads the newest answer, a message or the finish tool’s, from the newest events', async () => {
    const events = [
      { kind: 'ObservationEvent', id: 'o1' },
      {
        kind: 'ActionEvent',
        id: 'a2',
        action: { kind: 'FinishAction', message: 'The plan misses tests.' },
      },
      {
        kind: 'MessageEvent',
        id: 'm1',
        source: 'agent',
        llm_message: { content: [{ type: 'text', text: 'Older' }] },
      },
    ];
    const asked: unknown[] = [];
    const conversations = {
      searchEvents: async (id: string, query: unknown) => {
        asked.push([id, query]);
        return { items: events };
      },
    } as never;
    expect(await newestAnswerOf(conversations, 'c-1')).toBe('The plan misses tests.');
    expect(asked).toEqual([['c-1', { limit: 50, sort_order: 'TIMESTAMP_DESC' }]]);
  });
});
