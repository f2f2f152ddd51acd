import type { LiveFrame } from '../agent-server/sessionFrames';
import { applyProgress, dropAll, dropItem, retire, type StreamState } from './streamItems';

// Streaming progress arrives hundreds of frames a second; the screen needs one update a frame.
// Frames wait here until the next animation frame; anything that retires or drops an item first
// applies what waits, so a late delta never brings a retired item back.

export type ProgressFrame = Extract<LiveFrame, { type: 'item_started' | 'delta' | 'item_aborted' }>;

export interface StreamSlice {
  get(): StreamState;
  set(state: StreamState): void;
}

export class DeltaBuffer {
  private queued: ProgressFrame[] = [];
  private scheduled = false;

  constructor(
    private readonly slice: StreamSlice,
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
    let state = this.slice.get();
    for (const frame of frames) state = applyProgress(state, frame);
    this.slice.set(state);
  }

  retire(eventId: string): void {
    this.update((state) => retire(state, eventId));
  }

  dropItem(itemId: string): void {
    this.update((state) => dropItem(state, itemId));
  }

  dropAll(): void {
    this.update(dropAll);
  }

  /** Frames not yet shown are thrown away (the turn they belong to was stopped). */
  discardQueued(): void {
    this.queued = [];
  }

  private update(change: (state: StreamState) => StreamState): void {
    this.flush();
    const before = this.slice.get();
    const after = change(before);
    if (after !== before) this.slice.set(after);
  }
}
