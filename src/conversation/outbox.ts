import { AgentServerRefused, describeError, httpStatus } from '../agent-server/client';
import { t } from '../i18n/i18n';

// The user's messages on their way: shown at once as bubbles, handed to the socket (or to REST
// when the socket is down), and kept until the server's persisted copy comes back. A message is
// delivered or visibly failed with a retry; never silently dropped.

/** Said when the server kept a message but refused to run it (429 on a send with run: true). */
export const runLimitWords = (): string => t('session.runLimit');

export interface PendingMessage {
  localId: string;
  text: string;
  /** Images as data URLs, sent as one ImageContent after the text. */
  images: string[];
  sentAt: number;
  /** sending: not yet handed over; sent: handed over, waiting for the server's echo; failed: not delivered. */
  state: 'sending' | 'sent' | 'failed';
  via?: 'socket' | 'rest';
  error?: string;
  /**
   * Failed because the server could not be reached (the network, a 5xx, a socket that died before
   * the server took it): sent again by itself, once, when the server is back.
   */
  resendWhenBack?: boolean;
  /** Sent again by itself when the server came back (said on its bubble). */
  resent?: boolean;
}

export interface OutboxTransport {
  /** Hands the frame to an open socket; false when there is none. */
  sendOverSocket(frame: object): boolean;
  sendOverRest(content: object[]): Promise<void>;
  /** After a REST send while the socket is down: fetch the echo some other way. */
  afterRestSend(): void;
  /** The server kept the message but is running as many conversations as it allows (429). */
  runRefused(): void;
}

/** What happened to the messages on their way: the session's reducer hands these to reduceOutbox. */
export type OutboxEvent =
  | { type: 'message queued'; message: PendingMessage }
  | { type: 'message handed over'; localId: string; via: 'socket' | 'rest' }
  | { type: 'message failed'; localId: string; error: string; resendWhenBack: boolean }
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
  | { type: 'sends unconfirmed'; before: number; error: string };

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
        error: event.error,
        resendWhenBack: event.resendWhenBack,
      });
    case 'message sent again':
      return update(event.localId, {
        state: 'sending',
        error: undefined,
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
      return last ? update(last.localId, { state: 'failed', error: event.detail }) : pending;
    }
    case 'sends unconfirmed': {
      const lost = (m: PendingMessage) => m.state === 'sent' && m.via === 'socket' && m.sentAt < event.before;
      if (!pending.some(lost)) return pending;
      return pending.map((m) =>
        lost(m) ? { ...m, state: 'failed', error: event.error, resendWhenBack: !m.resent } : m,
      );
    }
  }
}

/** The words said on a socket send the server never took (the socket died first). */
export const unconfirmedWords = (): string => t('session.unconfirmed');

/** The outbox's view of the session: the messages on their way, and where what happens to them goes. */
export interface OutboxState {
  pending(): readonly PendingMessage[];
  dispatch(event: OutboxEvent): void;
}

export class Outbox {
  private nextLocalId = 0;

  constructor(
    private readonly state: OutboxState,
    private readonly transport: OutboxTransport,
    private readonly now: () => number,
  ) {}

  async send(text: string, images: string[] = []): Promise<void> {
    const message: PendingMessage = {
      localId: `local-${++this.nextLocalId}`,
      text,
      images,
      sentAt: this.now(),
      state: 'sending',
    };
    this.state.dispatch({ type: 'message queued', message });
    await this.deliver(message);
  }

  async retry(localId: string): Promise<void> {
    const message = this.state.pending().find((m) => m.localId === localId);
    if (!message || message.state !== 'failed') return;
    const sentAt = this.now();
    this.state.dispatch({ type: 'message sent again', localId, sentAt, resent: false });
    await this.deliver({ ...message, sentAt });
  }

  /**
   * The server is back and everything it persisted meanwhile is held: a message that failed only
   * because it could not be reached goes again, once. One the server took after all was replaced
   * by its copy before this (echoed), so none is doubled. Resolves to how many went again.
   */
  async serverBack(): Promise<number> {
    const waiting = this.state.pending().filter((m) => m.state === 'failed' && m.resendWhenBack && !m.resent);
    for (const message of waiting) {
      const sentAt = this.now();
      this.state.dispatch({ type: 'message sent again', localId: message.localId, sentAt, resent: true });
      await this.deliver({ ...message, sentAt, resent: true });
    }
    return waiting.length;
  }

  discard(localId: string): void {
    this.state.dispatch({ type: 'message discarded', localId });
  }

  private async deliver(message: PendingMessage): Promise<void> {
    const content = messageContent(message.text, message.images);
    const { localId } = message;
    if (this.transport.sendOverSocket({ role: 'user', content, run: true })) {
      this.state.dispatch({ type: 'message handed over', localId, via: 'socket' });
      return;
    }
    try {
      // May take as long as a running tool holds the server's state lock: not a failure.
      await this.transport.sendOverRest(content);
      this.state.dispatch({ type: 'message handed over', localId, via: 'rest' });
      this.transport.afterRestSend();
    } catch (error) {
      if (httpStatus(error) === 429) {
        // The server saved the message, then found no room to run it: sending it again would
        // double it. Its copy comes back as any other; running it is the person's to ask.
        this.state.dispatch({ type: 'message handed over', localId, via: 'rest' });
        this.transport.afterRestSend();
        this.transport.runRefused();
        return;
      }
      this.state.dispatch({
        type: 'message failed',
        localId,
        error: describeError(error),
        resendWhenBack: !message.resent && unreachable(error),
      });
    }
  }
}

/**
 * Whether a send failed because the server could not be reached, rather than refused it: no
 * answer at all, or a gateway's or an overloaded server's. Sending again later may succeed.
 */
function unreachable(error: unknown): boolean {
  if (error instanceof AgentServerRefused) return false;
  const status = httpStatus(error);
  return status === undefined || status === 502 || status === 503 || status === 504;
}

/** A user message's content: its text (when there is any), then its images. */
export function messageContent(text: string, images: readonly string[]): object[] {
  const content: object[] = [];
  if (text || images.length === 0) content.push({ type: 'text', text });
  if (images.length > 0) content.push({ type: 'image', image_urls: [...images] });
  return content;
}
