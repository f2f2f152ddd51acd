import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible } from './axe';
import { Tether } from './app';
import { PushedAlerts } from './pushing';

// Alerts when away: the settings that subscribe this browser to the notification relay, and the
// service worker's side of a push (delivered through the DevTools protocol, as a push service
// would): a notification in the page's language, silent while its conversation is watched, and
// a click that opens the conversation at the event.

// The whole browser (`wholeBrowser`): the headless shell grants the notification permission and
// shows none.

const ELSEWHERE = 'http://127.0.0.1:9';
const ELSEWHERE_ID = '127-0-0-1-9';

async function openAlerts(app: Tether) {
  const settings = await app.openSettings();
  await settings.getByRole('button', { name: 'Alerts when away…' }).click();
  const dialog = app.page.getByRole('dialog', { name: 'Alerts when you are away' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A page of Tether's own, held by its service worker (the mock's worker holds the mock's pages). */
async function heldByTethersWorker(page: Page, app: Tether) {
  await app.open();
  await app.addServer({ name: 'Elsewhere', url: ELSEWHERE });
  await app.removeServer('Built-in mock');
  await app.closeServers();
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? 'none'), {
      timeout: 30_000,
    })
    .toMatch(/\/sw\.js\?lang=en$/);
}

test('beside the built-in mock, the alerts say why they cannot reach this browser', async ({
  wholeBrowser: { page },
}) => {
  const app = new Tether(page);
  await app.open();
  const dialog = await openAlerts(app);
  await expect(dialog).toContainText('does not run beside the built-in mock server');
  await expectAccessible(page, 'the alerts dialog on the mock');
});

test('with Tether’s worker, the dialog shows each server’s webhook, and a relay that does not answer is said', async ({
  wholeBrowser: { page },
}) => {
  const app = new Tether(page);
  await heldByTethersWorker(page, app);
  const dialog = await openAlerts(app);
  await dialog.getByRole('textbox', { name: 'Relay address' }).fill('http://127.0.0.1:9');
  await dialog.getByRole('textbox', { name: 'Relay address' }).blur();
  await expect(dialog.getByRole('status')).toHaveText('The relay at http://127.0.0.1:9 did not answer.');
  const group = dialog.getByRole('group', { name: 'Alerts from Elsewhere' });
  await expect(group).toContainText(`http://127.0.0.1:9/hooks/${ELSEWHERE_ID}`);
  // Every kind is chosen until the person unticks one.
  for (const kind of ['An agent needs your approval', 'An agent asked you something', 'A run finished'])
    await expect(group.getByRole('checkbox', { name: kind })).toBeChecked();
  await group.getByRole('checkbox', { name: 'A run finished' }).uncheck();
  await expect(group.getByRole('checkbox', { name: 'A run finished' })).not.toBeChecked();
  await expectAccessible(page, 'the alerts dialog');
});

test('a push shows its notification unless its conversation is watched, and a click opens the event', async ({
  wholeBrowser: { page, context },
}) => {
  const app = new Tether(page);
  await heldByTethersWorker(page, app);
  const alerts = await PushedAlerts.to(page, context);
  const origin = new URL(page.url()).origin;
  const push = (conversationId: string, eventId: string) =>
    alerts.deliver({ server: ELSEWHERE_ID, conversationId, eventId, kind: 'approval' });

  // The conversation is on screen in this focused tab: the page says it already.
  await page.goto(`/s/${ELSEWHERE_ID}/conversations/watched-one`);
  await page.bringToFront();
  await push('watched-one', 'event-1');
  // The next push (to another conversation) shows, so the first was not merely slow.
  await push('elsewhere-one', 'event-2');
  await expect
    .poll(() => alerts.shown())
    .toEqual([
      {
        title: 'An agent needs your approval',
        body: `On ${ELSEWHERE_ID}. Open Tether to see it.`,
        data: { server: ELSEWHERE_ID, conversationId: 'elsewhere-one', eventId: 'event-2', kind: 'approval' },
      },
    ]);

  await alerts.clickNewest();
  await expect(page).toHaveURL(`${origin}/s/${ELSEWHERE_ID}/conversations/elsewhere-one?event=event-2`);
  await expect.poll(() => alerts.shown()).toEqual([]);
});
