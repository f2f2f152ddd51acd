import type { ExecutionStatus, ServerEvent } from '../../agent-server/protocol';

// What the live region says, in order. The phrases load the first time there is something to
// say (a run seen live), not with the page: a conversation only read never needs them.

type Phrases = typeof import('../announcements');

export class Announcer {
  private phrases: Promise<Phrases> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly say: (text: string) => void,
    private readonly load: () => Promise<Phrases> = () => import('../announcements'),
  ) {}

  /** A persisted event that arrived live. */
  event(event: ServerEvent): void {
    this.later((phrases) => phrases.announceEvent(event));
  }

  /** The run's state changed while the page watched (a first status is no change). */
  status(previous: ExecutionStatus | undefined, next: ExecutionStatus): void {
    if (previous === undefined || previous === next) return;
    this.later((phrases) => phrases.announceStatus(previous, next));
  }

  private later(phrase: (phrases: Phrases) => string | undefined): void {
    this.phrases ??= this.load();
    const phrases = this.phrases;
    // Chained, so sentences keep the order of what happened even while the phrases load.
    this.queue = this.queue
      .then(() => phrases)
      .then((loaded) => {
        const text = phrase(loaded);
        if (text) this.say(text);
      })
      .catch(() => {
        // The phrases could not load (offline): the screen still shows everything; only the
        // spoken summary is missing. The next moment tries again.
        this.phrases = undefined;
      });
  }
}
