import type { Page } from '@playwright/test';

// A tab in the background and the browser's notifications, as journeys that follow runs need them.

/** The tab goes to the background (or comes back), as the browser tells a page. */
export async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** A browser's notifications, recorded: what was shown, and a click on the newest. */
export async function recordNotifications(page: Page) {
  await page.addInitScript(() => {
    const shown: { title: string; body: string; notice: { onclick: (() => void) | null } }[] = [];
    class RecordedNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = async () => {
        RecordedNotification.permission = 'granted';
        return 'granted' as const;
      };
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body: string }) {
        shown.push({ title, body: options.body, notice: this });
      }
      close() {}
    }
    Object.assign(window, { Notification: RecordedNotification, __notices: shown });
  });
  return {
    titles: () =>
      page.evaluate(() =>
        (window as unknown as { __notices: { title: string; body: string }[] }).__notices.map(
          (n) => `${n.title}: ${n.body}`,
        ),
      ),
    clickNewest: () =>
      page.evaluate(() =>
        (window as unknown as { __notices: { notice: { onclick(): void } }[] }).__notices
          .at(-1)!
          .notice.onclick(),
      ),
  };
}
