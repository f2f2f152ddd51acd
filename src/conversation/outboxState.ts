// The messages on their way, as the screen holds them, and what happens to them: the state part
// and its reducer, apart from the outbox that sends (outbox.ts), so that the session's state,
// which the first screen holds, does not bring the sending code with it.

/** Why a message was not delivered (outbox.ts words it: sendFailureWords). */
export type SendFailure =
  /** The send failed: the server refused it, or could not be reached. */
  | { kind: 'failed'; error: unknown }
  /** The server answered the socket frame with an error, in its own words. */
  | { kind: 'rejected'; detail: string }
  /** The socket died before the server took it. */
  | { kind: 'unconfirmed' };

export interface PendingMessage {
  localId: string;
  text: string;
  /** Images as data URLs, sent as one ImageContent after the text. */
  images: string[];
  sentAt: number;
  /** sending: not yet handed over; sent: handed over, waiting for the server's echo; failed: not delivered. */
  state: 'sending' | 'sent' | 'failed';
  via?: 'socket' | 'rest';
  /** Why it was not delivered, as a fact: said when drawn, in the language spoken then. */
  failure?: SendFailure;
  /**
   * Failed because the server could not be reached (the network, a 5xx, a socket that died before
   * the server took it): sent again by itself, once, when the server is back.
   */
  resendWhenBack?: boolean;
  /** Sent again by itself when the server came back (said on its bubble). */
  resent?: boolean;
}

/** What happened to the messages on their way: the session's reducer hands these to reduceOutbox. */
export type OutboxEvent =
  | { type: 'message queued'; message: PendingMessage }
  | { type: 'message handed over'; localId: string; via: 'socket' | 'rest' }
  | { type: 'message failed'; localId: string; error: unknown; resendWhenBack: boolean }
  | { type: 'message sent again'; localId: string; sentAt: number; resent: boolean }
  | { type: 'message discarded'; localId: string }
  /** The server's copy of a message came back: it replaces the bubble (first match wins). */
  | { type: 'message echoed'; text: string; imageCount: number }
  /** The server answered a socket frame with an error: the newest socket send failed. */
  | { type: 'send rejected'; detail: string }
  /**
   * Everything the server persisted up to `before` is held, and these socket sends are not among
   * it: the socket died before the server took them.
   */
  | { type: 'sends unconfirmed'; before: number };

export function reduceOutbox(pending: PendingMessage[], event: OutboxEvent): PendingMessage[] {
  const update = (localId: string, patch: Partial<PendingMessage>) =>
    pending.map((m) => (m.localId === localId ? { ...m, ...patch } : m));
  switch (event.type) {
    case 'message queued':
      return [...pending, event.message];
    case 'message handed over':
      return update(event.localId, { state: 'sent', via: event.via });
    case 'message failed':
      return update(event.localId, {
        state: 'failed',
        failure: { kind: 'failed', error: event.error },
        resendWhenBack: event.resendWhenBack,
      });
    case 'message sent again':
      return update(event.localId, {
        state: 'sending',
        failure: undefined,
        sentAt: event.sentAt,
        ...(event.resent ? { resent: true, resendWhenBack: false } : {}),
      });
    case 'message discarded':
      return pending.some((m) => m.localId === event.localId)
        ? pending.filter((m) => m.localId !== event.localId)
        : pending;
    case 'message echoed': {
      const same = (m: PendingMessage) => m.text === event.text && m.images.length === event.imageCount;
      // A message marked failed after a dropped socket may still arrive: it was delivered after all.
      const match = pending.find((m) => m.state !== 'failed' && same(m)) ?? pending.find(same);
      return match ? pending.filter((m) => m !== match) : pending;
    }
    case 'send rejected': {
      const last = pending.findLast((m) => m.state === 'sent' && m.via === 'socket');
      return last
        ? update(last.localId, { state: 'failed', failure: { kind: 'rejected', detail: event.detail } })
        : pending;
    }
    case 'sends unconfirmed': {
      const lost = (m: PendingMessage) => m.state === 'sent' && m.via === 'socket' && m.sentAt < event.before;
      if (!pending.some(lost)) return pending;
      return pending.map((m) =>
        lost(m) ? { ...m, state: 'failed', failure: { kind: 'unconfirmed' }, resendWhenBack: !m.resent } : m,
      );
    }
  }
}
