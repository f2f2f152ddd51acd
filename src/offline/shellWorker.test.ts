import { describe, expect, it } from 'vitest';
import { shellWorker, type ShellWorkerScope } from './shellWorker';

// The service worker's rules, on a fake worker scope: what it keeps, what it answers, and what it
// never touches.

class FakeCaches {
  readonly stores = new Map<string, Map<string, Response>>();
  async open(name: string) {
    let store = this.stores.get(name);
    if (!store) this.stores.set(name, (store = new Map()));
    const held = store;
    return {
      addAll: async (paths: string[]) => {
        for (const path of paths) held.set(path, new Response(`kept ${path}`));
      },
      match: async (path: string) => held.get(path)?.clone(),
    } as unknown as Cache;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async match(path: string) {
    for (const store of this.stores.values()) if (store.has(path)) return store.get(path)!.clone();
    return undefined;
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
}

function worker(online: boolean, lang = 'en', catalogues: Record<string, string> = {}) {
  const listeners = new Map<string, (event: never) => void>();
  const caches = new FakeCaches();
  const fetched: string[] = [];
  const scope: ShellWorkerScope = {
    location: { origin: 'http://127.0.0.1:4173', href: `http://127.0.0.1:4173/sw.js?lang=${lang}` },
    caches: caches as unknown as CacheStorage,
    fetch: async (request) => {
      fetched.push(request.url);
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(`network ${new URL(request.url).pathname}`);
    },
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
    addEventListener: (type, listener) => listeners.set(type, listener),
  };
  const shell = ['/index.html', '/assets/index-abc.js', '/favicon.svg', ...Object.values(catalogues)];
  shellWorker(scope, shell, 'v2', catalogues);
  const waitFor = async (type: 'install' | 'activate') => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ waitUntil: (promise: Promise<unknown>) => (done = promise) } as never);
    await done;
  };
  /** The worker's answer to a request, or undefined when it leaves the request to the browser. */
  const answer = async (url: string, init: { method?: string; navigate?: boolean } = {}) => {
    let response: Promise<Response> | undefined;
    const request = new Request(url, { method: init.method ?? 'GET' });
    if (init.navigate) Object.defineProperty(request, 'mode', { value: 'navigate' });
    listeners.get('fetch')!({ request, respondWith: (r: Promise<Response>) => (response = r) } as never);
    return response ? (await response).text() : undefined;
  };
  return { caches, fetched, waitFor, answer };
}

describe("the shell's service worker", () => {
  it('keeps the shell when installed, and drops the shells of earlier builds but the last when active', async () => {
    const sw = worker(true);
    await sw.caches.open('tether-shell-v0');
    await sw.caches.open('tether-shell-v1');
    await sw.caches.open('someone-elses');
    await sw.waitFor('install');
    expect([...sw.caches.stores.get('tether-shell-v2-en')!.keys()]).toEqual([
      '/index.html',
      '/assets/index-abc.js',
      '/favicon.svg',
    ]);
    await sw.waitFor('activate');
    expect([...sw.caches.stores.keys()].sort()).toEqual([
      'someone-elses',
      'tether-shell-v1',
      'tether-shell-v2-en',
    ]);
  });

  it('gives a page of the build before its parts from that build’s shell', async () => {
    const sw = worker(false);
    (await sw.caches.open('tether-shell-v1')).addAll(['/assets/lazy-old.js']);
    await sw.waitFor('install');
    await sw.waitFor('activate');
    expect(await sw.answer('http://127.0.0.1:4173/assets/lazy-old.js')).toBe('kept /assets/lazy-old.js');
  });

  it('keeps the spoken language’s catalogue only, and never the pseudo-locale’s', async () => {
    const catalogues = { de: '/assets/de-1.js', fr: '/assets/fr-2.js', 'en-XA': '/assets/en-XA-3.js' };
    const german = worker(true, 'de', catalogues);
    await german.waitFor('install');
    expect([...german.caches.stores.get('tether-shell-v2-de')!.keys()]).toEqual([
      '/index.html',
      '/assets/index-abc.js',
      '/favicon.svg',
      '/assets/de-1.js',
    ]);
    // Another language is fetched when chosen, as any script not kept.
    expect(await german.answer('http://127.0.0.1:4173/assets/fr-2.js')).toBe('network /assets/fr-2.js');
    const pseudo = worker(true, 'en-XA', catalogues);
    await pseudo.waitFor('install');
    expect([...pseudo.caches.stores.get('tether-shell-v2-en-XA')!.keys()]).not.toContain(
      '/assets/en-XA-3.js',
    );
  });

  it('opens any address from the kept page at once, online or not; the network only with none kept', async () => {
    const offline = worker(false);
    await offline.waitFor('install');
    expect(await offline.answer('http://127.0.0.1:4173/s/local/conversations/abc', { navigate: true })).toBe(
      'kept /index.html',
    );
    const online = worker(true);
    await online.waitFor('install');
    expect(await online.answer('http://127.0.0.1:4173/', { navigate: true })).toBe('kept /index.html');
    expect(online.fetched).toEqual([]);
    const nothingKept = worker(true);
    expect(await nothingKept.answer('http://127.0.0.1:4173/', { navigate: true })).toBe('network /');
  });

  it('serves kept scripts from the cache, and the rest from the network', async () => {
    const sw = worker(true);
    await sw.waitFor('install');
    expect(await sw.answer('http://127.0.0.1:4173/assets/index-abc.js')).toBe('kept /assets/index-abc.js');
    expect(await sw.answer('http://127.0.0.1:4173/assets/other-def.js')).toBe('network /assets/other-def.js');
  });

  it('never answers for the agent-server: its REST, its sockets, another origin, or a write', async () => {
    const sw = worker(false);
    await sw.waitFor('install');
    expect(await sw.answer('http://127.0.0.1:4173/api/conversations/search')).toBeUndefined();
    expect(await sw.answer('http://127.0.0.1:4173/sockets/session/abc')).toBeUndefined();
    expect(await sw.answer('http://127.0.0.1:8000/index.html', { navigate: true })).toBeUndefined();
    expect(await sw.answer('http://127.0.0.1:4173/index.html', { method: 'POST' })).toBeUndefined();
    expect(sw.fetched).toEqual([]);
  });
});
