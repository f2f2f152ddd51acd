import { describe, expect, it } from 'vitest';
import { DeltaBuffer, type ProgressFrame } from './deltaBuffer';
import { NO_STREAMS, reduceStreams, type StreamState } from './streamItems';

// Frames wait for the next animation frame and land in one update; anything that retires or drops
// an item first hands over what waits. Each row: what is pushed and done, in order, and each state
// the events made that differs from the one before (the text of its open items).

type Step = { push: string } | 'frame' | { retire: string } | 'dropAll' | 'discard' | 'flush';

const delta = (content: string, order: number): ProgressFrame =>
  ({ type: 'delta', itemId: 'a', attempt: 0, order, kind: 'text', content }) as ProgressFrame;

function run(steps: Step[]) {
  let state: StreamState = NO_STREAMS;
  const updates: string[][] = [];
  const frames: (() => void)[] = [];
  let order = 0;
  const buffer = new DeltaBuffer(
    (event) => {
      const next = reduceStreams(state, event);
      if (next === state) return;
      state = next;
      updates.push(next.items.map((item) => item.text));
    },
    (fn) => frames.push(fn),
  );
  for (const step of steps) {
    if (step === 'frame') frames.splice(0).forEach((fn) => fn());
    else if (step === 'dropAll') buffer.end({ type: 'streams cut' });
    else if (step === 'discard') buffer.discardQueued();
    else if (step === 'flush') buffer.flush();
    else if ('retire' in step) buffer.end({ type: 'event persisted', eventId: step.retire });
    else buffer.push(delta(step.push, order++));
  }
  return { updates, framesAsked: frames.length, state };
}

describe('frames into one update a frame', () => {
  it.each<[string, Step[], string[][]]>([
    ['nothing pushed, nothing set', ['frame'], []],
    [
      'three deltas before a frame: one update with all three',
      [{ push: 'a' }, { push: 'b' }, { push: 'c' }, 'frame'],
      [['abc']],
    ],
    ['one update per frame', [{ push: 'a' }, 'frame', { push: 'b' }, 'frame'], [['a'], ['ab']]],
    ['nothing is set before the frame comes', [{ push: 'a' }, { push: 'b' }], []],
    [
      'a retire applies what waits first, then closes the item: the late frame finds it closed',
      [{ push: 'a' }, { retire: 'a' }, 'frame'],
      [['a'], []],
    ],
    ['dropping every item applies what waits first', [{ push: 'a' }, 'dropAll', 'frame'], [['a'], []]],
    ['frames of a stopped turn are thrown away unseen', [{ push: 'a' }, 'discard', 'frame'], []],
    [
      'a retire of an id with nothing open sets nothing more',
      [{ push: 'a' }, 'frame', { retire: 'z' }],
      [['a']],
    ],
    ['flush applies at once, and the frame then finds nothing', [{ push: 'a' }, 'flush', 'frame'], [['a']]],
  ])('%s', (_, steps, updates) => {
    expect(run(steps).updates).toEqual(updates);
  });

  it('asks for one animation frame however many frames wait', () => {
    expect(run([{ push: 'a' }, { push: 'b' }, { push: 'c' }]).framesAsked).toBe(1);
    expect(run([{ push: 'a' }, 'frame', { push: 'b' }]).framesAsked).toBe(1);
  });
});
