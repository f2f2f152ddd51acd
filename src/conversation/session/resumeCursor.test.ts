import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ResumeCursor } from './resumeCursor';

describe('the resume cursor', () => {
  it('follows contiguous seqs from the sync mark', () => {
    const cursor = new ResumeCursor();
    cursor.markHeldThrough(4);
    cursor.hold(5);
    cursor.hold(6);
    expect(cursor.value).toBe(6);
    expect(cursor.hasGap).toBe(false);
  });

  it('stays below a skipped seq, and says there is a gap, until the seq comes', () => {
    const cursor = new ResumeCursor();
    cursor.markHeldThrough(4);
    cursor.hold(5);
    cursor.hold(7);
    cursor.hold(8);
    expect(cursor.value).toBe(5);
    expect(cursor.hasGap).toBe(true);
    cursor.hold(6);
    expect(cursor.value).toBe(8);
    expect(cursor.hasGap).toBe(false);
  });

  it('forgets everything held, a gap included', () => {
    const cursor = new ResumeCursor();
    cursor.markHeldThrough(4);
    cursor.hold(6);
    cursor.forget();
    expect(cursor.value).toBeUndefined();
    expect(cursor.hasGap).toBe(false);
    cursor.hold(9);
    expect(cursor.value).toBe(9);
  });

  it('a replayed or older seq changes nothing; a later mark covers what it passes', () => {
    const cursor = new ResumeCursor();
    cursor.markHeldThrough(10);
    cursor.hold(3);
    cursor.markHeldThrough(2);
    expect(cursor.value).toBe(10);
    cursor.hold(13);
    cursor.markHeldThrough(12);
    expect(cursor.value).toBe(13);
    expect(cursor.hasGap).toBe(false);
  });

  it('whatever order the seqs arrive in, the cursor is the highest seq with none missing below it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 40 }),
        (mark, seqs) => {
          const cursor = new ResumeCursor();
          cursor.markHeldThrough(mark);
          for (const seq of seqs) cursor.hold(seq);
          const held = new Set(seqs);
          let expected = mark;
          while (held.has(expected + 1)) expected++;
          expect(cursor.value).toBe(expected);
          expect(cursor.hasGap).toBe(seqs.some((seq) => seq > expected + 1));
        },
      ),
    );
  });
});
