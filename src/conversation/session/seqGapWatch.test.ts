import { describe, expect, it, vi } from 'vitest';
import { ResumeCursor } from './resumeCursor';
import { SEQ_GAP_GRACE_MS, SeqGapWatch } from './seqGapWatch';

function watched() {
  const cursor = new ResumeCursor();
  const pending = new Map<number, { fn: () => void; at: number }>();
  let now = 0;
  let next = 0;
  const timers = {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      pending.set(++next, { fn, at: now + ms });
      return next;
    },
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
  };
  const repair = vi.fn();
  const watch = new SeqGapWatch(cursor, timers, repair);
  const advance = (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...pending])
      if (timer.at <= now) {
        pending.delete(handle);
        timer.fn();
      }
  };
  const hold = (seq: number) => {
    cursor.hold(seq);
    watch.check();
  };
  return { cursor, watch, repair, advance, hold, pending };
}

describe('the watch over holes in the durable seqs', () => {
  it('repairs a hole still open after the grace, within a second', () => {
    const t = watched();
    t.hold(1);
    t.hold(3);
    t.advance(SEQ_GAP_GRACE_MS - 1);
    expect(t.repair).not.toHaveBeenCalled();
    t.advance(1);
    expect(t.repair).toHaveBeenCalledTimes(1);
    expect(SEQ_GAP_GRACE_MS).toBeLessThan(1000);
  });

  it('leaves alone a hole the next frame closes', () => {
    const t = watched();
    t.hold(1);
    t.hold(3);
    t.hold(2);
    t.advance(SEQ_GAP_GRACE_MS * 4);
    expect(t.repair).not.toHaveBeenCalled();
    expect(t.pending.size).toBe(0);
  });

  it('chases a hole once: the server may never have persisted that seq', () => {
    const t = watched();
    t.hold(1);
    t.hold(3);
    t.advance(SEQ_GAP_GRACE_MS);
    // The replay after the repair brought 3 again, and 4, but never 2.
    t.hold(3);
    t.hold(4);
    t.advance(SEQ_GAP_GRACE_MS * 4);
    expect(t.repair).toHaveBeenCalledTimes(1);
  });

  it('chases a new hole above a repaired one once the cursor has moved', () => {
    const t = watched();
    t.hold(1);
    t.hold(3);
    t.advance(SEQ_GAP_GRACE_MS);
    t.hold(2);
    t.hold(5);
    t.advance(SEQ_GAP_GRACE_MS);
    expect(t.repair).toHaveBeenCalledTimes(2);
  });

  it('stops waiting when the connection goes', () => {
    const t = watched();
    t.hold(1);
    t.hold(3);
    t.watch.cancel();
    t.advance(SEQ_GAP_GRACE_MS * 4);
    expect(t.repair).not.toHaveBeenCalled();
  });
});
