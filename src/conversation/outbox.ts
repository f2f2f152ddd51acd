import { AgentServerRefused, describeError, httpStatus } from '../agent-server/client';
import { t } from '../i18n/i18n';
import type { OutboxEvent, PendingMessage, SendFailure } from './outboxState';

export type { OutboxEvent, PendingMessage, SendFailure } from './outboxState';
export { reduceOutbox } from './outboxState';

// The user's messages on their way: shown at once as bubbles, handed to the socket (or to REST
// when the socket is down), and kept until the server's persisted copy comes back. A message is
// delivered or visibly failed with a retry; never silently dropped.

/** Said when the server kept a message but refused to run it (429 on a send with run: true). */
export const runLimitWords = (): string => t('session.runLimit');

export interface OutboxTransport {
  /** Hands the frame to an open socket; false when there is none. */
  sendOverSocket(frame: object): boolean;
  sendOverRest(content: object[]): Promise<void>;
  /** After a REST send while the socket is down: fetch the echo some other way. */
  afterRestSend(): void;
  /** The server kept the message but is running as many conversations as it allows (429). */
  runRefused(): void;
}

/** Why a message was not delivered, in the words of the language spoken now. */
export function sendFailureWords(failure: SendFailure): string {
  switch (failure.kind) {
    case 'failed':
      return describeError(failure.error);
    case 'rejected':
      return failure.detail;
    case 'unconfirmed':
      return t('session.unconfirmed');
  }
}

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
        error,
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
