import { expect, type BrowserContext, type Page } from '@playwright/test';

// The browser's side of a Web Push alert, driven as a push service and a person would: a push
// delivered to Tether's service worker through the DevTools protocol (a headless browser has no
// push service of its own), the notifications it shows, and a click on one (dispatched in the
// worker: a headless browser has no notification to click). Needs the whole browser: the headless
// shell grants the permission and shows nothing.

export interface ShownNotification {
  title: string;
  body: string;
  data: unknown;
}

export class PushedAlerts {
  private constructor(
    private readonly page: Page,
    private readonly context: BrowserContext,
    private readonly send: (data: string) => Promise<unknown>,
  ) {}

  /** Once Tether's worker holds the page: notifications allowed, pushes ready to deliver. */
  static async to(page: Page, context: BrowserContext): Promise<PushedAlerts> {
    const controller = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? 'none');
    await expect.poll(controller, { timeout: 30_000 }).toMatch(/\/sw\.js\?lang=/);
    const origin = new URL(page.url()).origin;
    await context.grantPermissions(['notifications'], { origin });
    const cdp = await context.newCDPSession(page);
    // The registration of the worker that holds the page. Every version is kept at its newest
    // status, and every registration with whether it was deleted: the mock's worker, an earlier
    // version of Tether's, and a registration unregistered with the mock's (its versions were
    // once "activated" too) are all seen here, and a push sent to another than the page's is
    // shown where the page does not look (fresh CIs waited 10 s for a notification so, under load).
    const versions = new Map<string, { registrationId: string; scriptURL: string; status: string }>();
    const deleted = new Set<string>();
    cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
      for (const version of event.versions) versions.set(version.versionId, version);
    });
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      for (const registration of event.registrations)
        if (registration.isDeleted) deleted.add(registration.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    const holding = await controller();
    const tethers = () =>
      [...versions.values()]
        .filter((v) => v.scriptURL === holding && v.status === 'activated' && !deleted.has(v.registrationId))
        .at(-1);
    await expect.poll(() => tethers() !== undefined).toBe(true);
    const registrationId = tethers()!.registrationId;
    return new PushedAlerts(page, context, (data) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data }),
    );
  }

  /** A push as the relay sends it (its payload, decrypted by the push service). */
  deliver(payload: unknown): Promise<unknown> {
    return this.send(JSON.stringify(payload));
  }

  shown(): Promise<ShownNotification[]> {
    return this.page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        data: n.data as unknown,
      })),
    );
  }

  /** A click on the newest notification shown. */
  async clickNewest(): Promise<void> {
    const worker = this.context.serviceWorkers().find((w) => new URL(w.url()).pathname === '/sw.js')!;
    await worker.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const shown = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown.at(-1)! }));
    });
  }
}
