import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import webpush from 'web-push';
import { AlertRules, conversationKey, type Alert } from './alerts.ts';
import { asSubscription, RelayStore, type Subscription } from './store.ts';

// The notification relay: agent-servers post their webhooks here, browsers subscribe here, and
// what deserves an alert goes to each subscribed browser as a standard Web Push message (RFC 8030,
// its payload encrypted as RFC 8291 says and signed with VAPID, RFC 8292, by the web-push
// library). A push carries the server, the conversation id, the event id and the kind: never a
// word of the conversation, which the push service would otherwise carry.

export const SECRET_HEADER = 'x-tether-relay-secret';
/** The most a webhook post or a subscription may weigh. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface RelayOptions {
  /** Where the keys and the subscriptions are kept. */
  readonly folder: string;
  /** Web pages allowed to subscribe (their origins); loopback pages are always allowed. */
  readonly origins?: readonly string[];
  /** The VAPID subject: how a push service can reach whoever runs the relay. */
  readonly subject?: string;
  /** Told of each push sent, with what the push service answered (for tests and the log). */
  readonly onPush?: (alert: Alert, status: number) => void;
  readonly log?: (line: string) => void;
}

class BadRequest extends Error {}

async function body(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BadRequest('too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BadRequest('not JSON');
  }
}

/** Event ids kept per conversation for /health. */
const RECEIVED_KEPT = 1_000;

const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export function createRelay(options: RelayOptions): { server: Server; store: RelayStore } {
  const store = new RelayStore(options.folder);
  const rules = new AlertRules();
  /**
   * The ids of the newest events received per conversation, so that whoever runs the relay (and
   * a test) can tell that a server's webhook has delivered up to an event.
   */
  const received = new Map<string, string[]>();
  const noteReceived = (key: string, batch: readonly unknown[]) => {
    const ids = received.get(key) ?? [];
    for (const event of batch)
      if (typeof event === 'object' && event !== null && typeof (event as { id?: unknown }).id === 'string')
        ids.push((event as { id: string }).id);
    received.set(key, ids.slice(-RECEIVED_KEPT));
  };
  const log = options.log ?? (() => undefined);
  const subject = options.subject ?? 'mailto:tether-relay@localhost';
  const secret = Buffer.from(store.keys.secret);

  const allowedOrigin = (origin: string | undefined) =>
    origin !== undefined && (LOOPBACK.test(origin) || (options.origins ?? []).includes(origin));

  const fromServer = (request: IncomingMessage) => {
    const given = request.headers[SECRET_HEADER];
    const offered = Buffer.from(typeof given === 'string' ? given : '');
    return offered.length === secret.length && timingSafeEqual(offered, secret);
  };

  async function push(subscription: Subscription, alert: Alert): Promise<void> {
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: subscription.keys },
      JSON.stringify(alert),
      {
        vapidDetails: { subject, publicKey: store.keys.publicKey, privateKey: store.keys.privateKey },
        TTL: 24 * 60 * 60,
        // An approval waits on the person: delivered at once, even to a phone saving power.
        urgency: alert.kind === 'finished' ? 'normal' : 'high',
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
        signal: AbortSignal.timeout(30_000),
      });
      options.onPush?.(alert, response.status);
      // The browser unsubscribed, or the push service forgot it: it will not come back.
      if (response.status === 404 || response.status === 410) store.remove(subscription.endpoint);
      else if (!response.ok)
        log(`push to ${new URL(subscription.endpoint).host} answered ${response.status}`);
    } catch (error) {
      log(`push to ${new URL(subscription.endpoint).host} failed: ${String(error)}`);
    }
  }

  function send(alerts: readonly Alert[]): void {
    for (const alert of alerts)
      for (const subscription of store.all())
        if (subscription.servers[alert.server]?.includes(alert.kind)) void push(subscription, alert);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://relay');
    const origin = request.headers.origin;
    if (allowedOrigin(origin)) {
      response.setHeader('Access-Control-Allow-Origin', origin!);
      response.setHeader('Vary', 'Origin');
    }
    const answer = (status: number, value?: unknown) => {
      if (value === undefined) response.writeHead(status).end();
      else response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    };
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'GET, PUT, DELETE');
      response.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      return answer(allowedOrigin(origin) ? 204 : 403);
    }

    // From the agent-servers: `{base_url}/events/{id}` and `{base_url}/conversations`, with
    // base_url `http://<relay>/hooks/<the browser's id for that server>`.
    const hook = /^\/hooks\/([^/]+)\/(?:events\/([0-9a-fA-F-]+)|(conversations))\/?$/.exec(url.pathname);
    if (hook && request.method === 'POST') {
      if (!fromServer(request)) return answer(401, { detail: 'wrong or missing relay secret' });
      const server = decodeURIComponent(hook[1]!);
      const posted = await body(request);
      if (hook[2]) {
        if (!Array.isArray(posted)) throw new BadRequest('an event batch is a list');
        noteReceived(`${server}/${conversationKey(hook[2])}`, posted);
        send(rules.events(server, hook[2], posted));
      } else {
        send(rules.info(server, posted));
      }
      return answer(204);
    }

    // From the browsers: the key to subscribe with, and their subscriptions.
    if (url.pathname === '/vapid-public-key' && request.method === 'GET')
      return answer(200, { publicKey: store.keys.publicKey });
    if (url.pathname === '/subscriptions') {
      if (!allowedOrigin(origin) && origin !== undefined)
        return answer(403, { detail: 'origin not allowed' });
      if (request.method === 'PUT') {
        const subscription = asSubscription(await body(request));
        if (!subscription) throw new BadRequest('not a subscription');
        store.put(subscription);
        return answer(204);
      }
      const endpoint = url.searchParams.get('endpoint') ?? '';
      if (request.method === 'GET') {
        const found = store.find(endpoint);
        return found ? answer(200, { servers: found.servers }) : answer(404, { detail: 'not subscribed' });
      }
      if (request.method === 'DELETE') return answer(store.remove(endpoint) ? 204 : 404);
    }
    // Whether an event of a conversation has come: a server's webhook has delivered up to it.
    if (url.pathname === '/health') {
      const [server, conversation, event] = ['server', 'conversation', 'event'].map((name) =>
        url.searchParams.get(name),
      );
      return answer(200, {
        ok: true,
        ...(server && conversation && event
          ? { received: received.get(`${server}/${conversationKey(conversation)}`)?.includes(event) ?? false }
          : {}),
      });
    }
    return answer(404, { detail: 'not found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const status = error instanceof BadRequest ? 400 : 500;
      if (status === 500) log(`error: ${String(error)}`);
      if (!response.headersSent) response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ detail: error instanceof Error ? error.message : 'error' }));
    });
  });
  return { server, store };
}
