// msw keeps a cookie jar (tough-cookie) so that a handler can read a request's cookies. The mock
// agent-server reads none, and the jar brings the public suffix list (about 250 KB) that every page
// on the mock parsed as it started: a tenth of the browser's work to open a conversation in a
// journey. vite.config.ts puts this jar, which never holds a cookie, in its place.

export class Cookie {
  static fromJSON(): null {
    return null;
  }
}

export class MemoryCookieStore {
  idx: Record<string, unknown> = {};
}

export class CookieJar {
  getCookiesSync(): never[] {
    return [];
  }
  async setCookie(): Promise<void> {}
}
