import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PushService } from '../e2e/real/pushService';
import { createRelay, SECRET_HEADER } from './relay';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const HEX = ID.replaceAll('-', '');
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function started(folder = mkdtempSync(join(tmpdir(), 'tether-relay-'))) {
  const pushes: { kind: string; status: number }[] = [];
  const relay = createRelay({ folder, onPush: (alert, status) => pushes.push({ kind: alert.kind, status }) });
  await new Promise<void>((resolve) => relay.server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise((resolve) => relay.server.close(() => resolve())));
  const url = `http://127.0.0.1:${(relay.server.address() as AddressInfo).port}`;
  const pushService = new PushService(() => relay.store.keys.publicKey);
  await pushService.start();
  stops.push(() => pushService.stop());
  return { folder, relay, url, pushService, pushes };
}

const hook = (url: string, path: string, body: unknown, secret: string | undefined) =>
  fetch(`${url}/hooks/workstation${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(secret ? { [SECRET_HEADER]: secret } : {}) },
    body: JSON.stringify(body),
  });

describe('the notification relay', () => {
  it('pushes what a webhook tells, signed and encrypted, and carries no word of the conversation', async () => {
    const { relay, url, pushService } = await started();
    const subscription = pushService.subscription();
    const put = await fetch(`${url}/subscriptions`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:4173' },
      body: JSON.stringify({ subscription, servers: { workstation: ['approval', 'finished'] } }),
    });
    expect(put.status).toBe(204);
    expect(put.headers.get('access-control-allow-origin')).toBe('http://localhost:4173');

    const batch = [
      { kind: 'ConversationStateUpdateEvent', key: 'execution_status', value: 'running' },
      {
        kind: 'ActionEvent',
        id: 'a1',
        action: { kind: 'TerminalAction', command: 'rm -rf secret-project/' },
      },
      { kind: 'ConversationStateUpdateEvent', key: 'execution_status', value: 'waiting_for_confirmation' },
    ];
    expect((await hook(url, `/events/${HEX}`, batch, undefined)).status).toBe(401);
    expect((await hook(url, `/events/${HEX}`, batch, 'wrong')).status).toBe(401);
    expect(pushService.received).toEqual([]);
    expect((await hook(url, `/events/${HEX}`, batch, relay.store.keys.secret)).status).toBe(204);
    await expect.poll(() => pushService.received.length).toBe(1);
    expect(pushService.refused).toEqual([]);
    expect(pushService.received[0]).toMatchObject({
      payload: { server: 'workstation', conversationId: ID, eventId: 'a1', kind: 'approval' },
      urgency: 'high',
    });
    expect(JSON.stringify(pushService.received[0]!.payload)).not.toMatch(/secret-project|rm -rf/);
    // A kind this browser did not ask for is not sent.
    await hook(
      url,
      `/events/${HEX}`,
      [{ kind: 'ConversationErrorEvent', id: 'e1' }],
      relay.store.keys.secret,
    );
    await hook(url, '/conversations', { id: ID, execution_status: 'finished' }, relay.store.keys.secret);
    await expect.poll(() => pushService.received.length).toBe(2);
    expect(pushService.received.map((push) => (push.payload as { kind: string }).kind)).toEqual([
      'approval',
      'finished',
    ]);
  });

  it('keeps its keys and subscriptions across restarts, and forgets a subscription the push service forgot', async () => {
    const first = await started();
    const subscription = first.pushService.subscription();
    await fetch(`${first.url}/subscriptions`, {
      method: 'PUT',
      body: JSON.stringify({ subscription, servers: { workstation: ['approval'] } }),
    });
    const again = await started(first.folder);
    expect(again.relay.store.keys).toEqual(first.relay.store.keys);
    const state = await fetch(
      `${again.url}/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`,
    );
    expect(await state.json()).toEqual({ servers: { workstation: ['approval'] } });
    // A push service that says a subscription is gone (410): the relay forgets it.
    const gone = again.pushService.subscription();
    await fetch(`${again.url}/subscriptions`, {
      method: 'PUT',
      body: JSON.stringify({
        subscription: { ...gone, endpoint: `${gone.endpoint}-unknown` },
        servers: { workstation: ['approval'] },
      }),
    });
    await hook(
      again.url,
      `/events/${HEX}`,
      [{ kind: 'ConversationStateUpdateEvent', key: 'execution_status', value: 'waiting_for_confirmation' }],
      again.relay.store.keys.secret,
    );
    await expect.poll(() => again.pushes.some((push) => push.status === 410)).toBe(true);
    expect(again.relay.store.all().map((s) => s.endpoint)).not.toContain(`${gone.endpoint}-unknown`);
  });

  it('refuses pages it does not know, and what is not a subscription', async () => {
    const { url } = await started();
    const foreign = await fetch(`${url}/subscriptions`, {
      method: 'PUT',
      headers: { Origin: 'https://elsewhere.example' },
      body: JSON.stringify({ subscription: {}, servers: {} }),
    });
    expect(foreign.status).toBe(403);
    const bad = await fetch(`${url}/subscriptions`, {
      method: 'PUT',
      body: JSON.stringify({ subscription: { endpoint: 'ftp://x' } }),
    });
    expect(bad.status).toBe(400);
    expect((await fetch(`${url}/vapid-public-key`)).status).toBe(200);
  });
});
