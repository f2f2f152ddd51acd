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

export interface PendingSlice {
  get(): readonly PendingMessage[];
  set(pending: PendingMessage[]): void;
}

export class Outbox {
  private nextLocalId = 0;

  constructor(
    private readonly slice: PendingSlice,
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
    this.slice.set([...this.slice.get(), message]);
    await this.deliver(message);
  }

  async retry(localId: string): Promise<void> {
    const message = this.slice.get().find((m) => m.localId === localId);
    if (!message || message.state !== 'failed') return;
    const sentAt = this.now();
    this.update(localId, { state: 'sending', error: undefined, sentAt });
    await this.deliver({ ...message, sentAt });
  }

  /**
   * The server is back and everything it persisted meanwhile is held: a message that failed only
   * because it could not be reached goes again, once. One the server took after all was replaced
   * by its copy before this (echoed), so none is doubled. Resolves to how many went again.
   */
  async serverBack(): Promise<number> {
    const waiting = this.slice.get().filter((m) => m.state === 'failed' && m.resendWhenBack && !m.resent);
    for (const message of waiting) {
      const sentAt = this.now();
      this.update(message.localId, {
        state: 'sending',
        error: undefined,
        resendWhenBack: false,
        resent: true,
        sentAt,
      });
      await this.deliver({ ...message, sentAt, resent: true });
    }
    return waiting.length;
  }

  discard(localId: string): void {
    this.slice.set(this.slice.get().filter((m) => m.localId !== localId));
  }

  /** The server's copy of a message we sent replaces its bubble (first match wins). */
  echoed(text: string, imageCount = 0): void {
    const pending = this.slice.get();
    const same = (m: PendingMessage) => m.text === text && m.images.length === imageCount;
    // A message marked failed after a dropped socket may still arrive: it was delivered after all.
    const match = pending.find((m) => m.state !== 'failed' && same(m)) ?? pending.find(same);
    if (match) this.discard(match.localId);
  }

  /** The server answered a socket frame with an error: the newest socket send failed. */
  socketSendRejected(detail: string): void {
    const last = [...this.slice.get()].reverse().find((m) => m.state === 'sent' && m.via === 'socket');
    if (last) this.update(last.localId, { state: 'failed', error: detail });
  }

  /**
   * Everything the server persisted up to now is held, and these socket sends are not among it:
   * the socket died before the server took them.
   */
  unconfirmedSinceBefore(time: number): void {
    for (const message of this.slice.get()) {
      if (message.state === 'sent' && message.via === 'socket' && message.sentAt < time) {
        this.update(message.localId, {
          state: 'failed',
          error: t('session.unconfirmed'),
          resendWhenBack: !message.resent,
        });
      }
    }
  }

  private async deliver(message: PendingMessage): Promise<void> {
    const content = messageContent(message.text, message.images);
    if (this.transport.sendOverSocket({ role: 'user', content, run: true })) {
      this.update(message.localId, { state: 'sent', via: 'socket' });
      return;
    }
    try {
      // May take as long as a running tool holds the server's state lock: not a failure.
      await this.transport.sendOverRest(content);
      this.update(message.localId, { state: 'sent', via: 'rest' });
      this.transport.afterRestSend();
    } catch (error) {
      if (httpStatus(error) === 429) {
        // The server saved the message, then found no room to run it: sending it again would
        // double it. Its copy comes back as any other; running it is the person's to ask.
        this.update(message.localId, { state: 'sent', via: 'rest' });
        this.transport.afterRestSend();
        this.transport.runRefused();
        return;
      }
      this.update(message.localId, {
        state: 'failed',
        error: describeError(error),
        resendWhenBack: !message.resent && unreachable(error),
      });
    }
  }

  private update(localId: string, patch: Partial<PendingMessage>): void {
    this.slice.set(this.slice.get().map((m) => (m.localId === localId ? { ...m, ...patch } : m)));
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
