import type { ResumeCursor } from './resumeCursor';
import type { SessionTimers } from './timers';

// A durable seq was skipped: the server may publish an event before persisting it, and then
// sends it only as transient, or a frame may be dropped. The hole usually closes with the next
// frame (frames can arrive out of order); if it is still open after a short grace, the socket
// resumes from below it (the cursor) and the server replays what is missing.

/**
 * How long a hole in the durable seqs may stay open before the socket resumes from below it.
 * Short: the missing event is on the server's disk already, and the person should see it.
 */
export const SEQ_GAP_GRACE_MS = 250;

export class SeqGapWatch {
  private timer: unknown;
  /** The cursor a repair resumed from: a hole still there after one repair is not chased again. */
  private repairedFrom: number | undefined;

  constructor(
    private readonly cursor: ResumeCursor,
    private readonly timers: SessionTimers,
    /** Resume the socket from the cursor. */
    private readonly repair: () => void,
  ) {}

  /** After each durable frame: starts the grace when a hole opened, ends it when none is left. */
  check(): void {
    if (!this.cursor.hasGap) {
      this.cancel();
      return;
    }
    if (this.timer !== undefined || this.cursor.value === this.repairedFrom) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      if (!this.cursor.hasGap) return;
      this.repairedFrom = this.cursor.value;
      this.repair();
    }, SEQ_GAP_GRACE_MS);
  }

  /** The connection is gone: any reconnect resumes from the cursor, below the hole, anyway. */
  cancel(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
