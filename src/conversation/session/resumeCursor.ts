// Where a session socket resumes: the highest durable `seq` below which nothing is missing.
//
// The server may skip a durable frame (an event published before it was persisted arrives
// only as `transient`, with no seq), so the highest seq seen is not a safe cursor: resuming
// after it would never bring the skipped event. The cursor stays at the last contiguous seq,
// and the seqs held beyond a hole say that a hole is there.

export class ResumeCursor {
  private contiguous: number | undefined;
  private readonly beyond = new Set<number>();

  /** The seq to resume after (`after_seq`), or undefined before anything is held. */
  get value(): number | undefined {
    return this.contiguous;
  }

  /** Whether a seq is missing below the highest one held. */
  get hasGap(): boolean {
    return this.beyond.size > 0;
  }

  /** Everything up to `seq` is held (history read over REST, or a replay's start). */
  markHeldThrough(seq: number): void {
    if (this.contiguous !== undefined && seq <= this.contiguous) return;
    this.contiguous = seq;
    for (const held of this.beyond) if (held <= seq) this.beyond.delete(held);
    this.absorb();
  }

  /** Nothing is held any more (the log was emptied): the next socket subscribes live only. */
  forget(): void {
    this.contiguous = undefined;
    this.beyond.clear();
  }

  /** A durable frame arrived. */
  hold(seq: number): void {
    if (this.contiguous === undefined) {
      this.contiguous = seq;
      return;
    }
    if (seq <= this.contiguous) return;
    this.beyond.add(seq);
    this.absorb();
  }

  private absorb(): void {
    while (this.contiguous !== undefined && this.beyond.delete(this.contiguous + 1)) this.contiguous++;
  }
}
