import { test, expect } from '../test';
import { Tether } from '../app';
import { AgentServer, freePort } from './agentServer';
import { agentServerPython, attachEvidence, connect, REAL_SERVER_NAME, startConversation } from './fixtures';
import { PushService } from './pushService';
import { RelayProcess } from './relayProcess';
import { PushedAlerts } from '../pushing';
import { ScriptedLlm } from './scriptedLlm';

// The whole browser (`wholeBrowser`): the headless shell grants the notification permission and
// shows none.

// Alerts that reach a closed tab: the agent-server's own webhook feeds the relay, which pushes to
// a push service on loopback that checks the VAPID signature and decrypts what it gets. The
// server is this journey's own, started with the webhook in its settings.

/** The server's timestamps are UTC without a zone (its TZ is UTC). */
const serverTime = (timestamp: string) =>
  Date.parse(/Z|[+-]\d\d:?\d\d$/.test(timestamp) ? timestamp : `${timestamp}Z`);

test('an approval request and a finished run each reach the push service once, with no word of the conversation; the alert opens the action', async ({
  wholeBrowser: { page, context },
}, testInfo) => {
  test.setTimeout(240_000);
  const version = testInfo.project.name.replace('real-agent-server-', '');
  const relay = new RelayProcess();
  const pushService = new PushService(() => relay.keys.publicKey);
  const llm = new ScriptedLlm();
  const server = new AgentServer(agentServerPython(version), version);
  try {
    await Promise.all([relay.start(), pushService.start(), llm.start()]);
    // Tether names a server by its address: the name the webhook's address carries.
    server.port = await freePort();
    const serverId = `127-0-0-1-${server.port}`;
    server.extraEnv = {
      OH_WEBHOOKS: JSON.stringify([
        {
          base_url: `${relay.url}/hooks/${serverId}`,
          flush_delay: 0.5,
          headers: { 'x-tether-relay-secret': relay.keys.secret },
        },
      ]),
    };
    await server.start();
    // What the browser's subscription would be; headless Chromium has no push service of its own.
    const subscription = pushService.subscription();
    const subscribed = await fetch(`${relay.url}/subscriptions`, {
      method: 'PUT',
      body: JSON.stringify({
        subscription,
        servers: { [serverId]: ['approval', 'asked', 'failed', 'finished'] },
      }),
    });
    expect(subscribed.status).toBe(204);

    llm.setScript([
      {
        text: 'I will clean the build of the orchid project.',
        toolCalls: [
          {
            name: 'terminal',
            arguments: { command: 'rm -rf orchid-build', summary: 'Remove the orchid build' },
          },
        ],
      },
      { text: 'The orchid build is gone.' },
    ]);
    await connect(page, server);
    const app = new Tether(page);
    const conversationId = await startConversation(page, llm, 'Clean the orchid build', {
      approval: 'Ask for every action',
    });
    expect(page.url()).toContain(`/s/${serverId}/conversations/`);
    await app.expectStatus('waiting_for_confirmation');

    // The approval's alert: within 5 s of the durable action it waits on, pointing at it.
    await expect.poll(() => pushService.received.length, { timeout: 20_000 }).toBe(1);
    const events = await server.events(conversationId);
    const action = events.find((event) => event.kind === 'ActionEvent') as unknown as {
      id: string;
      timestamp: string;
    };
    expect(pushService.received[0]!.payload).toEqual({
      server: serverId,
      conversationId,
      eventId: action.id,
      kind: 'approval',
    });
    const delay = pushService.received[0]!.at - serverTime(action.timestamp);
    testInfo.annotations.push({ type: 'durable event to push', description: `${delay} ms` });
    expect(delay).toBeLessThan(5_000);

    // The push, as the browser's push service hands it to Tether's worker, while the person is on
    // another screen: the notification, and a click that opens the action that waits. (A page
    // that began on the built-in mock is held by the mock's worker: the next page is Tether's.)
    await page.goto('/');
    const alerts = await PushedAlerts.to(page, context);
    await alerts.deliver(pushService.received[0]!.payload);
    await expect
      .poll(() => alerts.shown())
      .toEqual([
        {
          title: 'An agent needs your approval',
          body: `On ${serverId}. Open Tether to see it.`,
          data: pushService.received[0]!.payload,
        },
      ]);
    await alerts.clickNewest();
    await expect(page).toHaveURL(
      new RegExp(`/s/${serverId}/conversations/${conversationId}\\?event=${action.id}$`),
    );
    await expect(app.card(/Remove the orchid build/)).toBeInViewport();
    await expect(page.getByRole('group', { name: 'Pending actions' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('alert-opened-the-action.png') });

    await app.approve();
    await app.expectStatus('finished');
    await expect.poll(() => pushService.received.length, { timeout: 20_000 }).toBe(2);
    // Every event the server kept has reached the relay: the end of the run made one alert.
    const all = await server.events(conversationId);
    await expect
      .poll(() => relay.received(serverId, conversationId, all.at(-1)!.id), { timeout: 20_000 })
      .toBe(true);
    const answer = all.findLast((event) => event.kind === 'MessageEvent') as { id: string };
    expect(pushService.received.map((push) => push.payload)).toEqual([
      { server: serverId, conversationId, eventId: action.id, kind: 'approval' },
      { server: serverId, conversationId, eventId: answer.id, kind: 'finished' },
    ]);
    const carried = JSON.stringify(pushService.received.map((push) => push.payload));
    for (const words of ['orchid', 'build', 'Clean', 'rm -rf', REAL_SERVER_NAME, 'scripted'])
      expect(carried).not.toContain(words);
    expect(pushService.refused).toEqual([]);
  } finally {
    if (testInfo.status !== testInfo.expectedStatus) await attachEvidence(testInfo, server, llm);
    await Promise.all([server.stop(), relay.stop(), pushService.stop(), llm.stop()]);
  }
});
