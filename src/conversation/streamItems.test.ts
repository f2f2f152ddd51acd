import { describe, expect, it } from 'vitest';
import { LEGACY_ITEM } from '../agent-server/protocol';
import { applyProgress, dropAll, dropItem, NO_STREAMS, retire, type StreamState } from './streamItems';
import type { ProgressFrame } from './deltaBuffer';

// The open streams as a table: each row is frames in the order they arrive, and what the screen
// holds after them (the open items' text, their partial mark, and the reason of an abandoned one).

const started = (itemId: string, attempt = 0): ProgressFrame => ({
  type: 'item_started',
  itemId,
  attempt,
  anchorSeq: null,
});
const delta = (
  itemId: string,
  content: string,
  order: number | undefined,
  { attempt = 0, kind = 'text' }: { attempt?: number; kind?: 'text' | 'reasoning' } = {},
): ProgressFrame => ({ type: 'delta', itemId, attempt, order, kind, content }) as ProgressFrame;
const aborted = (itemId: string, reason: string, attempt = 0): ProgressFrame => ({
  type: 'item_aborted',
  itemId,
  attempt,
  reason,
});

type Step = ProgressFrame | { retire: string } | { dropAll: true } | { dropItem: string };

function run(steps: Step[]): StreamState {
  let state = NO_STREAMS;
  for (const step of steps) {
    if ('retire' in step) state = retire(state, step.retire);
    else if ('dropAll' in step) state = dropAll(state);
    else if ('dropItem' in step) state = dropItem(state, step.dropItem);
    else state = applyProgress(state, step);
  }
  return state;
}

const shown = (state: StreamState) => ({
  items: state.items.map(({ itemId, text, reasoning, lossy }) => ({ itemId, text, reasoning, lossy })),
  aborted: state.aborted?.reason,
});

const item = (itemId: string, text: string, { reasoning = '', lossy = false } = {}) => ({
  itemId,
  text,
  reasoning,
  lossy,
});

describe('open streams, frame by frame', () => {
  it.each<[string, Step[], ReturnType<typeof shown>]>([
    ['nothing', [], { items: [], aborted: undefined }],
    ['a started item is open and empty', [started('a')], { items: [item('a', '')], aborted: undefined }],
    [
      'deltas in order join up, text and reasoning apart, one count between them',
      [
        started('a'),
        delta('a', 'Let me', 0, { kind: 'reasoning' }),
        delta('a', 'Hel', 1),
        delta('a', 'lo', 2),
      ],
      { items: [item('a', 'Hello', { reasoning: 'Let me' })], aborted: undefined },
    ],
    [
      'a delta seen twice is applied once',
      [started('a'), delta('a', 'Hel', 0), delta('a', 'Hel', 0), delta('a', 'lo', 1)],
      { items: [item('a', 'Hello')], aborted: undefined },
    ],
    [
      'a gap in order marks the item partial and keeps what came',
      [started('a'), delta('a', 'Hel', 0), delta('a', '!', 2)],
      { items: [item('a', 'Hel!', { lossy: true })], aborted: undefined },
    ],
    [
      'joined mid-stream: the first delta seen is not the first sent',
      [delta('a', 'lo', 3)],
      { items: [item('a', 'lo', { lossy: true })], aborted: undefined },
    ],
    [
      'joined at its first delta, without its start: whole',
      [delta('a', 'Hi', 0)],
      { items: [item('a', 'Hi')], aborted: undefined },
    ],
    [
      'a new attempt starts the text again',
      [started('a'), delta('a', 'Wrong', 0), started('a', 1), delta('a', 'Right', 0, { attempt: 1 })],
      { items: [item('a', 'Right')], aborted: undefined },
    ],
    [
      'a late frame of an older attempt is ignored',
      [started('a', 1), delta('a', 'New', 0, { attempt: 1 }), delta('a', 'Old', 1)],
      { items: [item('a', 'New')], aborted: undefined },
    ],
    [
      'a start repeated for the same attempt keeps the text',
      [started('a'), delta('a', 'Kept', 0), started('a')],
      { items: [item('a', 'Kept')], aborted: undefined },
    ],
    [
      'two items stream side by side, in the order they started',
      [started('b'), started('a'), delta('a', 'A', 0), delta('b', 'B', 0)],
      { items: [item('b', 'B'), item('a', 'A')], aborted: undefined },
    ],
    [
      'the durable event retires its item; later frames of it stay out',
      [started('a'), delta('a', 'Done', 0), { retire: 'a' }, delta('a', ' again', 1), started('a')],
      { items: [], aborted: undefined },
    ],
    [
      'retiring an id with no open item changes nothing',
      [started('a'), { retire: 'z' }],
      { items: [item('a', '')], aborted: undefined },
    ],
    [
      'an abandoned item goes, and says why',
      [started('a'), delta('a', 'Half', 0), aborted('a', 'the model was cut off')],
      { items: [], aborted: 'the model was cut off' },
    ],
    [
      'an abandoned item stays closed, even to a new attempt',
      [started('a'), aborted('a', 'cut'), started('a', 1)],
      { items: [], aborted: 'cut' },
    ],
    [
      'the reason of an abandoned item is kept while another streams',
      [started('a'), aborted('a', 'cut'), started('b'), delta('b', 'Next', 0)],
      { items: [item('b', 'Next')], aborted: 'cut' },
    ],
    [
      'a dropped stream forgets every open item; their late frames stay out',
      [started('a'), started('b'), { dropAll: true }, delta('a', 'late', 0), delta('b', 'late', 0)],
      { items: [], aborted: undefined },
    ],
    [
      'the legacy socket’s one item is dropped, never closed: the next turn streams under it again',
      [
        delta(LEGACY_ITEM, 'First turn', undefined),
        { dropItem: LEGACY_ITEM },
        delta(LEGACY_ITEM, 'Second', undefined),
        { dropAll: true },
        delta(LEGACY_ITEM, 'Third', undefined),
      ],
      { items: [item(LEGACY_ITEM, 'Third')], aborted: undefined },
    ],
    [
      'the legacy item abandoned and then streaming again no longer shows the reason',
      [
        delta(LEGACY_ITEM, 'Half', undefined),
        aborted(LEGACY_ITEM, 'cut'),
        delta(LEGACY_ITEM, 'New', undefined),
      ],
      { items: [item(LEGACY_ITEM, 'New')], aborted: undefined },
    ],
    [
      'the legacy socket’s deltas carry no order: each is appended',
      [delta(LEGACY_ITEM, 'a', undefined), delta(LEGACY_ITEM, 'a', undefined)],
      { items: [item(LEGACY_ITEM, 'aa')], aborted: undefined },
    ],
  ])('%s', (_, steps, expected) => {
    expect(shown(run(steps))).toEqual(expected);
  });

  it('keeps the 64 newest closed ids: a frame of an older one could open it again', () => {
    const steps: Step[] = [];
    for (let i = 0; i < 65; i++) steps.push(started(`x${i}`), { retire: `x${i}` });
    const state = run(steps);
    expect(state.closed.size).toBe(64);
    expect(state.closed.has('x0')).toBe(false);
    expect(applyProgress(state, started('x1'))).toBe(state);
  });

  it('gives back the same state when nothing changes, so nothing is drawn again', () => {
    const state = run([started('a'), delta('a', 'x', 0)]);
    expect(applyProgress(state, delta('a', 'x', 0))).toBe(state);
    expect(retire(state, 'z')).toBe(state);
    expect(dropAll(NO_STREAMS)).toBe(NO_STREAMS);
    expect(dropItem(state, 'z')).toBe(state);
  });
});
