import { test as base } from '@playwright/test';

// The journeys' `test`: Playwright's, in a browser that asks about notifications as a person's
// does. The journeys run in Chromium's headless shell (playwright.config.ts), which has no way to
// show a notification and so says `denied` from the start, granted or not: the header would say
// "Notifications blocked" where a person's browser offers "Notify me". Here it says `default`, as
// a browser that has not asked yet; asking is answered `default` too (the prompt dismissed). The
// journeys that follow runs put a recorder in Notification's place (following.ts).

export * from '@playwright/test';

export const test = base.extend<{ notificationsNotYetAsked: void }>({
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
});
