import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { decrypt } from 'http_ece';

// A push service on loopback, standing in for the browser vendor's: it takes Web Push messages
// (RFC 8030) as such a service does, and checks what a real one checks and what only the browser
// could: the VAPID signature (RFC 8292) against the relay's public key, and the payload, decrypted
// with the subscription's own keys (RFC 8291). What it received is kept for the journey to read.

export interface ReceivedPush {
  readonly at: number;
  readonly payload: unknown;
  readonly urgency: string | undefined;
  readonly ttl: number;
}

interface Subscriber {
  readonly ecdh: ECDH;
  readonly auth: Buffer;
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

/** The P-256 public key a VAPID `k=` gives (uncompressed point, base64url) as a key object. */
function vapidKey(k: string) {
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33)) },
    format: 'jwk',
  });
}

export class PushService {
  readonly received: ReceivedPush[] = [];
  /** What was refused, and why: a journey expects none. */
  readonly refused: string[] = [];
  private server: Server | undefined;
  private subscribers = new Map<string, Subscriber>();
  port = 0;

  constructor(
    /** The relay's VAPID public key: a push signed with another is refused. */
    private readonly expectedKey: () => string,
  ) {}

  /** A subscription as a browser would hand it to the relay: endpoint and keys. */
  subscription(): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const id = randomBytes(8).toString('hex');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subscribers.set(id, { ecdh, auth });
    return {
      endpoint: `http://127.0.0.1:${this.port}/push/${id}`,
      keys: { p256dh: base64url(ecdh.getPublicKey()), auth: base64url(auth) },
    };
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        try {
          const subscriber = this.subscribers.get(/^\/push\/([0-9a-f]+)$/.exec(request.url ?? '')?.[1] ?? '');
          // As a push service says of a subscription it no longer has: gone for good.
          if (!subscriber) return void response.writeHead(410).end();
          this.checkVapid(request.headers.authorization ?? '');
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const ttl = Number(request.headers.ttl);
          if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
          const plain = decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: subscriber.ecdh,
            authSecret: subscriber.auth,
          });
          const urgency = request.headers.urgency;
          this.received.push({
            at: Date.now(),
            payload: JSON.parse(plain.toString('utf8')),
            urgency: typeof urgency === 'string' ? urgency : undefined,
            ttl,
          });
          response.writeHead(201).end();
        } catch (error) {
          this.refused.push(String(error));
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** `vapid t=<JWT>, k=<key>`: signed by the relay's key, for this service, not expired. */
  private checkVapid(authorization: string): void {
    const t = /\bt=([^,\s]+)/.exec(authorization)?.[1];
    const k = /\bk=([^,\s]+)/.exec(authorization)?.[1];
    if (!authorization.startsWith('vapid ') || !t || !k) throw new Error('no VAPID authorization');
    if (k !== this.expectedKey()) throw new Error('signed with a key that is not the relay’s');
    const [header, claims, signature] = t.split('.');
    if (!header || !claims || !signature) throw new Error('the VAPID token is not a JWT');
    const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
    if (head.alg !== 'ES256') throw new Error(`VAPID signed with ${head.alg}`);
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: vapidKey(k), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) throw new Error('the VAPID signature does not verify');
    const said = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud?: string;
      exp?: number;
      sub?: string;
    };
    if (said.aud !== `http://127.0.0.1:${this.port}`) throw new Error(`VAPID audience ${said.aud}`);
    const now = Date.now() / 1000;
    if (!said.exp || said.exp < now || said.exp > now + 24 * 60 * 60)
      throw new Error('VAPID expiry out of range');
    if (!said.sub || !/^(mailto:|https:)/.test(said.sub)) throw new Error('VAPID subject missing');
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
