// Builds of Tether before 2026-12-08 ran the built-in mock in a service worker of its own (MSW's,
// `/mockServiceWorker.js`), registered for this origin's whole scope. The mock now answers inside
// the page, but a browser that opened an older build on the mock still has that worker: it would
// go on holding this origin's pages, and Tether's own worker (sw.js) could not take them over
// for offline while one of their fetches passed through it (docs/browser-copy.md, Offline). So it
// is let go, whatever the page's servers: the page it holds keeps it until it is left, and
// registers no worker of Tether's; the next one starts free of it and registers sw.js at once.

const MOCK_WORKER = '/mockServiceWorker.js';

/** Whether this page is held by an older build's mock worker (and so leaves sw.js to the next). */
export const heldByLeftMockWorker = (
  serviceWorker: Pick<ServiceWorkerContainer, 'controller'> | null = navigator.serviceWorker ?? null,
): boolean => serviceWorker?.controller?.scriptURL.endsWith(MOCK_WORKER) ?? false;

export function unregisterLeftMockWorker(
  serviceWorker: Pick<ServiceWorkerContainer, 'getRegistrations'> | null = navigator.serviceWorker ?? null,
): Promise<void> {
  if (!serviceWorker) return Promise.resolve();
  return serviceWorker
    .getRegistrations()
    .then((registrations) =>
      Promise.all(
        registrations
          .filter((registration) =>
            [registration.active, registration.waiting, registration.installing].some((worker) =>
              worker?.scriptURL.endsWith(MOCK_WORKER),
            ),
          )
          .map((registration) => registration.unregister()),
      ),
    )
    .then(
      () => undefined,
      () => undefined,
    );
}
