import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExecutionStatus } from '../../agent-server/protocol';
import { LimitWatch } from './limitWatch';
import type { Tags } from '../conversationTags';
import { stopsOf } from './runLimits';
import { BUDGET_TAG, STEPS_TAG } from './limitTags';

/** A conversation as the watch sees it, changed by the test between checks. */
function conversation(tags: Tags) {
  const state = {
    tags,
    cost: 0,
    steps: 0,
    status: 'running' as ExecutionStatus | undefined,
    newestStop: undefined as string | undefined,
    interrupts: 0,
    reads: 0,
    costReads: 0,
    saved: [] as Tags[],
  };
  const watch = new LimitWatch({
    tags: () => state.tags,
    cost: () => (state.costReads++, state.cost),
    steps: () => state.steps,
    status: () => state.status,
    newestStopEventId: () => state.newestStop,
    interrupt: () => void state.interrupts++,
    refreshInfo: () => void state.reads++,
    saveTags: async (next) => {
      state.saved.push(next);
      state.tags = next;
    },
  });
  return { state, watch };
}

describe('holding a run to its limits', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('stops the run once when its cost reaches the budget, and keeps the stop by its event', async () => {
    const { state, watch } = conversation({ [BUDGET_TAG]: '0.40' });
    state.cost = 0.39;
    watch.check();
    expect(state.interrupts).toBe(0);
    state.cost = 0.41;
    watch.check();
    watch.check();
    expect(state.interrupts).toBe(1);
    // The stop's own event arrives; then the run settles.
    state.newestStop = 'interrupt-1';
    watch.check();
    state.status = 'paused';
    watch.check();
    await Promise.resolve();
    expect(state.saved).toHaveLength(1);
    expect(stopsOf(state.tags)).toEqual([
      { kind: 'budget', reached: 0.41, limit: 0.4, eventId: 'interrupt-1' },
    ]);
    expect(state.tags[BUDGET_TAG]).toBe('0.40');
  });

  it('takes as its stop the first stop event after it, not one that was there before', () => {
    const { state, watch } = conversation({ [STEPS_TAG]: '3' });
    state.newestStop = 'older-stop';
    state.steps = 3;
    watch.check();
    expect(state.interrupts).toBe(1);
    watch.check();
    expect(state.saved).toHaveLength(0);
    state.newestStop = 'this-stop';
    watch.check();
    expect(stopsOf(state.saved[0]!)).toEqual([{ kind: 'steps', reached: 3, limit: 3, eventId: 'this-stop' }]);
  });

  it('stops a new run again, and forgets a stop that made no event once another run begins', () => {
    const { state, watch } = conversation({ [STEPS_TAG]: '2' });
    state.steps = 2;
    watch.check();
    // The run ended on its own as the stop came: no stop event.
    state.status = 'finished';
    watch.check();
    state.status = 'running';
    state.steps = 0;
    watch.check();
    state.newestStop = 'a-person-stopped-it';
    state.status = 'paused';
    watch.check();
    expect(state.saved).toHaveLength(0);
    state.status = 'running';
    state.steps = 2;
    watch.check();
    expect(state.interrupts).toBe(2);
  });

  it('reads the info again after a step that brought no new cost, waiting longer each time while it stays behind', () => {
    const { state, watch } = conversation({ [BUDGET_TAG]: '1' });
    watch.check();
    // Streamed stats: the cost moves with each step, nothing is read.
    state.steps = 1;
    state.cost = 0.1;
    watch.check();
    state.steps = 2;
    state.cost = 0.2;
    watch.check();
    expect(state.reads).toBe(0);
    // No stats update came with this step: the info is read again, then each second.
    state.steps = 3;
    watch.check();
    watch.check();
    expect(state.reads).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(state.reads).toBe(2);
    // The read brought the cost: no more reads.
    state.cost = 0.3;
    watch.check();
    vi.advanceTimersByTime(5000);
    expect(state.reads).toBe(2);
    // A step that costs nothing (a model with no price) is read for five times at most, after
    // 1, 2, 4 and 8 s: a slow server's saved state is reached, and no read goes on without end.
    state.steps = 4;
    watch.check();
    expect(state.reads).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(state.reads).toBe(4);
    vi.advanceTimersByTime(1999);
    expect(state.reads).toBe(4);
    vi.advanceTimersByTime(1);
    expect(state.reads).toBe(5);
    vi.advanceTimersByTime(4000 + 8000);
    expect(state.reads).toBe(7);
    vi.advanceTimersByTime(60_000);
    expect(state.reads).toBe(7);
    // Settled: no timer reads again.
    state.steps = 5;
    watch.check();
    state.status = 'finished';
    vi.advanceTimersByTime(60_000);
    expect(state.reads).toBe(8);
    watch.dispose();
    // A step limit alone needs no cost.
    const steps = conversation({ [STEPS_TAG]: '10' });
    steps.watch.check();
    steps.state.steps = 1;
    steps.watch.check();
    expect(steps.state.reads).toBe(0);
    // Nor is it read: no stats are parsed on each event for a limit that does not need them.
    expect(steps.state.costReads).toBe(0);
  });

  it('reads for a newer step at once, not after the wait left of an older step’s reads', () => {
    const { state, watch } = conversation({ [BUDGET_TAG]: '2' });
    watch.check();
    state.steps = 1;
    watch.check();
    vi.advanceTimersByTime(1000 + 2000 + 4000);
    // Four reads for step 1: the fifth is 8 s away when step 2 comes.
    expect(state.reads).toBe(4);
    state.steps = 2;
    watch.check();
    expect(state.reads).toBe(5);
    vi.advanceTimersByTime(1000);
    expect(state.reads).toBe(6);
    // The cost caught up: the reads end, and no timer is left to fire.
    state.cost = 1;
    watch.check();
    vi.advanceTimersByTime(60_000);
    expect(state.reads).toBe(6);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads anew for a run whose steps bear the numbers of the run before', () => {
    const { state, watch } = conversation({ [BUDGET_TAG]: '2' });
    watch.check();
    state.steps = 1;
    watch.check();
    vi.advanceTimersByTime(60_000);
    expect(state.reads).toBe(5);
    state.status = 'finished';
    watch.check();
    // The next run (a model with no streamed stats): its first step is read for.
    state.status = 'running';
    state.steps = 0;
    watch.check();
    state.steps = 1;
    watch.check();
    expect(state.reads).toBe(6);
  });

  it('reads for the cost a watch first sees mid-run: it may not hold that step yet', () => {
    const { state, watch } = conversation({ [BUDGET_TAG]: '2' });
    state.steps = 2;
    state.cost = 0.6;
    watch.check();
    expect(state.reads).toBe(1);
    state.cost = 1.6;
    watch.check();
    vi.advanceTimersByTime(60_000);
    expect(state.reads).toBe(1);
  });

  it('does nothing while the conversation is not running, or has no limits', () => {
    const { state, watch } = conversation({});
    state.cost = 1000;
    state.steps = 1000;
    watch.check();
    const limited = conversation({ [BUDGET_TAG]: '1' });
    limited.state.status = 'idle';
    limited.state.cost = 5;
    limited.watch.check();
    expect(state.interrupts + limited.state.interrupts).toBe(0);
  });
});
