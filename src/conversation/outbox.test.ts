import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@openhands/typescript-client/client/http-client';
import {
  Outbox,
  reduceOutbox,
  runLimitWords,
  sendFailureWords,
  type OutboxEvent,
  type OutboxTransport,
  type PendingMessage,
} from './outbox';

function outboxOverRest(sendOverRest: OutboxTransport['sendOverRest']) {
  let pending: PendingMessage[] = [];
  const transport = {
    sendOverSocket: () => false,
    sendOverRest,
    afterRestSend: vi.fn(),
    runRefused: vi.fn(),
  };
  const dispatch = (event: OutboxEvent) => (pending = reduceOutbox(pending, event));
  const outbox = new Outbox({ pending: () => pending, dispatch }, transport, () => 0);
  const echoed = (text: string) => dispatch({ type: 'message echoed', text, imageCount: 0 });
  return { outbox, transport, pending: () => pending, echoed };
}

describe('a message sent over REST', () => {
  it('that the server kept but could not run (429) is not failed, so never sent twice', async () => {
    const send = vi.fn(() =>
      Promise.reject(new HttpError(429, 'Too Many Requests', { detail: 'Message saved, but…' })),
    );
    const { outbox, transport, pending, echoed } = outboxOverRest(send);
    await outbox.send('Run the tests');
    expect(pending()).toMatchObject([{ text: 'Run the tests', state: 'sent', via: 'rest' }]);
    expect(transport.runRefused).toHaveBeenCalledTimes(1);
    expect(transport.afterRestSend).toHaveBeenCalledTimes(1);
    // Nothing to retry: the server's copy replaces the bubble when it comes.
    await outbox.retry(pending()[0]!.localId);
    expect(send).toHaveBeenCalledTimes(1);
    echoed('Run the tests');
    expect(pending()).toEqual([]);
    expect(runLimitWords()).toMatch(/saved.*Continue/);
  });

  it('that failed otherwise is failed, with the reason and a retry', async () => {
    const send = vi
      .fn<OutboxTransport['sendOverRest']>()
      .mockRejectedValueOnce(new HttpError(503, 'Service Unavailable', { detail: 'busy' }))
      .mockResolvedValueOnce(undefined);
    const { outbox, transport, pending } = outboxOverRest(send);
    await outbox.send('Hello');
    expect(pending()).toMatchObject([{ state: 'failed', failure: { kind: 'failed' } }]);
    expect(sendFailureWords(pending()[0]!.failure!)).toBe('The agent-server answered 503: busy');
    expect(transport.runRefused).not.toHaveBeenCalled();
    await outbox.retry(pending()[0]!.localId);
    expect(pending()).toMatchObject([{ state: 'sent', via: 'rest' }]);
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('a message that failed because the server could not be reached', () => {
  it('goes again by itself, once, when the server is back', async () => {
    const send = vi
      .fn<OutboxTransport['sendOverRest']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(undefined);
    const { outbox, pending } = outboxOverRest(send);
    await outbox.send('Are you there?');
    expect(pending()).toMatchObject([{ state: 'failed', resendWhenBack: true }]);
    expect(await outbox.serverBack()).toBe(1);
    expect(send).toHaveBeenCalledTimes(2);
    // It failed again: once is all it goes by itself; Retry is the person's.
    expect(pending()).toMatchObject([{ state: 'failed', resent: true, resendWhenBack: false }]);
    await outbox.serverBack();
    expect(send).toHaveBeenCalledTimes(2);
    await outbox.retry(pending()[0]!.localId);
    expect(pending()).toMatchObject([{ state: 'sent', via: 'rest' }]);
  });

  it('says it was sent again, and is replaced by the server’s copy', async () => {
    const send = vi
      .fn<OutboxTransport['sendOverRest']>()
      .mockRejectedValueOnce(new HttpError(503, 'Service Unavailable', { detail: 'busy' }))
      .mockResolvedValueOnce(undefined);
    const { outbox, pending, echoed } = outboxOverRest(send);
    await outbox.send('Hello');
    await outbox.serverBack();
    expect(pending()).toMatchObject([{ state: 'sent', resent: true }]);
    echoed('Hello');
    expect(pending()).toEqual([]);
  });

  it('is not sent again when the server had taken it after all', async () => {
    const send = vi
      .fn<OutboxTransport['sendOverRest']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { outbox, pending, echoed } = outboxOverRest(send);
    await outbox.send('Only once');
    // The server's copy came with what it persisted while away.
    echoed('Only once');
    await outbox.serverBack();
    expect(send).toHaveBeenCalledTimes(1);
    expect(pending()).toEqual([]);
  });

  it('a refusal is not a server away: it waits for the person', async () => {
    const send = vi
      .fn<OutboxTransport['sendOverRest']>()
      .mockRejectedValueOnce(new HttpError(401, 'Unauthorized', {}));
    const { outbox, pending } = outboxOverRest(send);
    await outbox.send('Secret');
    expect(pending()).toMatchObject([{ state: 'failed', resendWhenBack: false }]);
    await outbox.serverBack();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
