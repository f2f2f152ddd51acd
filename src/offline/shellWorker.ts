// The service worker's whole program: it keeps the app's shell (its page, scripts, styles and
// icons) so that Tether opens with no network, and leaves everything else alone: the agent-server's
// REST and sockets (`/api`, `/sockets`, any other origin) always go to the network, so the worker
// never answers for the server and never holds a conversation or a key. Conversations offline
// come from the browser's copy (conversation/copy), which the app reads itself.
//
// One self-contained function, because the build writes it out as `sw.js` as it stands
// (vite.config.ts): it may use nothing from outside its body.

/** What the function needs of a service worker's global scope (a test hands in its own). */
export interface ShellWorkerScope {
  /** The worker's own address: `?lang=` names the language the page speaks. */
  location: { origin: string; href: string };
  caches: CacheStorage;
  fetch: (request: Request) => Promise<Response>;
  skipWaiting: () => Promise<void>;
  clients: { claim: () => Promise<void> };
  addEventListener: (type: 'install' | 'activate' | 'fetch', listener: (event: never) => void) => void;
}

interface WaitingEvent {
  waitUntil: (done: Promise<unknown>) => void;
}
interface FetchingEvent {
  request: Request;
  respondWith: (response: Promise<Response>) => void;
}

/**
 * `catalogues`: each language's catalogue among the shell's files. Only the spoken one is kept
 * (the page registers the worker anew when the person changes language), and never the
 * pseudo-locale, which is for tests: the shell costs one language, not seven.
 */
export function shellWorker(
  scope: ShellWorkerScope,
  shell: readonly string[],
  version: string,
  catalogues: Readonly<Record<string, string>> = {},
): void {
  const prefix = 'tether-shell-';
  const spoken = new URL(scope.location.href).searchParams.get('lang') ?? '';
  const languages = new Set(Object.values(catalogues));
  const wanted = spoken === 'en-XA' ? undefined : catalogues[spoken];
  const kept = new Set(shell.filter((path) => !languages.has(path) || path === wanted));
  const name = `${prefix}${version}-${spoken}`;

  scope.addEventListener('install', (event: WaitingEvent) => {
    event.waitUntil(
      scope.caches
        .open(name)
        .then((cache) => cache.addAll([...kept]))
        .then(() => scope.skipWaiting()),
    );
  });

  scope.addEventListener('activate', (event: WaitingEvent) => {
    // The shells of earlier builds go, but the last one: a page opened from it (the kept page
    // answers at once, see below) may still load its parts, which the server no longer has.
    event.waitUntil(
      scope.caches
        .keys()
        .then((names) => {
          const shells = names.filter((other) => other.startsWith(prefix) && other !== name);
          // The caches' names come in the order they were made: the last is the build before.
          return Promise.all(shells.slice(0, -1).map((old) => scope.caches.delete(old)));
        })
        .then(() => scope.clients.claim()),
    );
  });

  scope.addEventListener('fetch', (event: FetchingEvent) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== scope.location.origin) return;
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/sockets/')) return;
    if (request.mode === 'navigate') {
      // The kept page at once: a conversation kept in this browser paints from its copy without
      // waiting a round trip for the page (on a 150 ms network that was most of the wait). Every
      // address is the one page: the app routes it. A new build is seen at the next opening: the
      // browser checks this worker's script on each navigation, and the new worker keeps the new
      // build's page. Nothing kept yet (or the cache gone): the network.
      event.respondWith(
        scope.caches
          .open(name)
          .then((cache) => cache.match('/index.html'))
          .then((page) => page ?? scope.fetch(request)),
      );
      return;
    }
    // Scripts and styles have their content's hash in their name: a kept one is never stale.
    if (kept.has(url.pathname))
      event.respondWith(
        scope.caches
          .open(name)
          .then((cache) => cache.match(url.pathname))
          .then((hit) => hit ?? scope.fetch(request)),
      );
    // A part of the build before (a page opened from its kept page, still open when this one
    // came) is kept with that build's shell.
    else if (url.pathname.startsWith('/assets/'))
      event.respondWith(scope.caches.match(url.pathname).then((hit) => hit ?? scope.fetch(request)));
  });
}
