// Opening a conversation reads its newest history page over REST while the socket subscribes.
// Events persisted between the two are in neither: once both are in, whichever came second,
// one REST read from that page's newest event on brings them. Once per session, unless the join
// was cut short (the session stopped while it ran): then the next subscription does it again.
// A socket that resumed after a seq the log holds through needs no read: the server replays
// every event after that seq (session_socket.py), so nothing can fall between.

export class HistoryJoin {
  private history: { newestEventId: string | undefined } | undefined;
  private subscribedOnce = false;
  private joined = false;

  constructor(
    /** Reads every event after this one (all of them when undefined) into the log. */
    private readonly fillAfter: (newestEventId: string | undefined) => void,
  ) {}

  /** The history and what the socket brought have been joined by a read of what came between. */
  get isJoined(): boolean {
    return this.joined;
  }

  /** The newest history page is in the log; later pages of the same opening change nothing. */
  historyLoaded(newestEventId: string | undefined): void {
    if (this.history) return;
    this.history = { newestEventId };
    this.join();
  }

  /** The socket subscribed (a session socket's sync, a legacy socket's snapshot). */
  subscribed(): void {
    this.subscribedOnce = true;
    this.join();
  }

  /** The socket subscribed after a seq the log holds every event through: nothing to read. */
  subscribedAfterHeld(): void {
    this.subscribedOnce = true;
    this.joined = true;
  }

  cutShort(): void {
    this.joined = false;
  }

  private join(): void {
    if (this.joined || !this.history || !this.subscribedOnce) return;
    this.joined = true;
    this.fillAfter(this.history.newestEventId);
  }
}
