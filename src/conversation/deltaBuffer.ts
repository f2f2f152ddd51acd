import type { ProgressFrame, StreamEvent } from './streamItems';

// Streaming progress arrives hundreds of frames a second; the screen needs one update a frame.
// Frames wait here until the next animation frame, then go to the reducer in one event; anything
// that retires or drops an item first hands over what waits, so a late delta never brings a
// retired item back.

export type { ProgressFrame } from './streamItems';

export class DeltaBuffer {
  private queued: ProgressFrame[] = [];
  private scheduled = false;

  constructor(
    private readonly dispatch: (event: StreamEvent) => void,
    private readonly scheduleFrame: (fn: () => void) => void,
  ) {}

  push(frame: ProgressFrame): void {
    this.queued.push(frame);
    if (this.scheduled) return;
    this.scheduled = true;
    this.scheduleFrame(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  flush(): void {
    if (this.queued.length === 0) return;
    const frames = this.queued;
    this.queued = [];
    this.dispatch({ type: 'progress received', frames });
  }

  /** What waits goes first, then the event that ends items (persisted, legacy turn ended, cut). */
  end(event: Exclude<StreamEvent, { type: 'progress received' }>): void {
    this.flush();
    this.dispatch(event);
  }

  /** Frames not yet shown are thrown away (the turn they belong to was stopped). */
  discardQueued(): void {
    this.queued = [];
  }
}
