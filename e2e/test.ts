import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { launchOptions } from '../playwright.config';

// The journeys' `test`: Playwright's, in a browser that asks about notifications as a person's
// does. The journeys run in Chromium's headless shell (playwright.config.ts), which has no way to
// show a notification and so says `denied` from the start, granted or not: the header would say
// "Notifications blocked" where a person's browser offers "Notify me". Here it says `default`, as
// a browser that has not asked yet; asking is answered `default` too (the prompt dismissed). The
// journeys that follow runs put a recorder in Notification's place (following.ts).

export * from '@playwright/test';

/** A page of the whole Chromium, in a context of its own. */
export interface WholeBrowser {
  readonly context: BrowserContext;
  readonly page: Page;
}

export const test = base.extend<
  { notificationsNotYetAsked: void; wholeBrowser: WholeBrowser },
  { wholeChromium: Browser }
>({
  notificationsNotYetAsked: [
    async ({ context }, use) => {
      await context.addInitScript(() => {
        if (typeof Notification === 'undefined' || Notification.permission !== 'denied') return;
        Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'default' });
        Notification.requestPermission = () => Promise.resolve('default');
      });
      await use();
    },
    { auto: true },
  ],
  // The whole Chromium for the few journeys that need what its headless shell lacks (a shown
  // notification, a page that keeps up with its socket under load). Asked for by
  // `test.use({ launchOptions })`, it took a worker of its own, and with it a browser and,
  // against a real server, an agent-server start (16 CPU-seconds) at the suite's end, where it
  // ran alone. Launched by the worker that first needs it, with a timeout of its own: launched
  // inside a journey, at a fresh machine's busy start, it once took 16.6 of the journey's 30
  // seconds.
  wholeChromium: [
    async ({ playwright }, use) => {
      const browser = await playwright.chromium.launch(launchOptions('chromium'));
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  /** A page of the whole Chromium, in a context of the journey's own. */
  wholeBrowser: async ({ wholeChromium, baseURL, locale, timezoneId, viewport }, use, testInfo) => {
    const context = await wholeChromium.newContext({ baseURL, locale, timezoneId, viewport });
    const page = await context.newPage();
    try {
      await use({ context, page });
    } finally {
      // Playwright keeps the evidence of its own pages only.
      if (testInfo.status !== testInfo.expectedStatus)
        await page
          .screenshot({ path: testInfo.outputPath('whole-browser-at-failure.png') })
          .catch(() => undefined);
      await context.close();
    }
  },
});
