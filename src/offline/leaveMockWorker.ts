// A page that started on the built-in mock is controlled by the mock's service worker (MSW's)
// for as long as it stays open, and so is the page loaded after it when that worker is still
// registered. Tether's own worker (sw.js) then has to take that page over from it, and Chromium
// gives such a takeover up when one of the page's fetches reaches the mock's worker at that
// moment: sw.js is left waiting until the page is left, and no shell is kept for offline.
// So the mock's worker is unregistered as soon as no server of the page is a mock: this page
// keeps it until it is left, and the next one starts free of it and registers sw.js at once.

export function unregisterMockWorkerWhen(
  mockUnused: (then: () => void) => void,
  serviceWorker: Pick<ServiceWorkerContainer, 'getRegistrations'> | null = navigator.serviceWorker ?? null,
): void {
  if (!serviceWorker) return;
  mockUnused(() => {
    void serviceWorker
      .getRegistrations()
      .then((registrations) =>
        Promise.all(
          registrations
            .filter((registration) =>
              [registration.active, registration.waiting, registration.installing].some((worker) =>
                worker?.scriptURL.endsWith('/mockServiceWorker.js'),
              ),
            )
            .map((registration) => registration.unregister()),
        ),
      );
  });
}
