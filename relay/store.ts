import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { ALERT_KINDS, type AlertKind } from './alerts.ts';

// What the relay keeps in its folder: its VAPID keys and its webhook secret (made on the first
// start, then kept, so that browsers' subscriptions and servers' configurations stay valid), and
// the browsers' subscriptions with what each wants to hear of, per server.

export interface Subscription {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
  /** By the browser's server id: the kinds of alert it wants from that server. */
  readonly servers: Readonly<Record<string, readonly AlertKind[]>>;
}

export interface RelayKeys {
  readonly publicKey: string;
  readonly privateKey: string;
  /** The shared secret a server's webhook sends in X-Tether-Relay-Secret. */
  readonly secret: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Written whole and renamed into place: a crash mid-write leaves the last good file. */
function writeJson(path: string, value: unknown): void {
  writeFileSync(`${path}.new`, JSON.stringify(value, null, 2), { mode: 0o600 });
  renameSync(`${path}.new`, path);
}

/** A subscription as a browser sent it, or undefined when it is not one. */
export function asSubscription(value: unknown): Subscription | undefined {
  if (!isRecord(value) || !isRecord(value.subscription) || !isRecord(value.servers)) return undefined;
  const { endpoint, keys } = value.subscription;
  if (typeof endpoint !== 'string' || !/^https?:\/\//.test(endpoint) || !isRecord(keys)) return undefined;
  if (typeof keys.p256dh !== 'string' || typeof keys.auth !== 'string') return undefined;
  const servers: Record<string, AlertKind[]> = {};
  for (const [server, kinds] of Object.entries(value.servers)) {
    if (!Array.isArray(kinds)) return undefined;
    servers[server] = ALERT_KINDS.filter((kind) => kinds.includes(kind));
  }
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, servers };
}

export class RelayStore {
  readonly keys: RelayKeys;
  readonly folder: string;
  private subscriptions: Subscription[];

  constructor(folder: string) {
    this.folder = folder;
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const kept = readJson(join(folder, 'keys.json'));
    if (
      isRecord(kept) &&
      typeof kept.publicKey === 'string' &&
      typeof kept.privateKey === 'string' &&
      typeof kept.secret === 'string'
    ) {
      this.keys = { publicKey: kept.publicKey, privateKey: kept.privateKey, secret: kept.secret };
    } else {
      const vapid = webpush.generateVAPIDKeys();
      this.keys = { ...vapid, secret: randomBytes(32).toString('base64url') };
      writeJson(join(folder, 'keys.json'), this.keys);
    }
    const subscriptions = readJson(join(folder, 'subscriptions.json'));
    this.subscriptions = Array.isArray(subscriptions)
      ? subscriptions.flatMap((entry) => {
          const subscription = asSubscription({
            subscription: entry,
            servers: isRecord(entry) ? entry.servers : {},
          });
          return subscription ? [subscription] : [];
        })
      : [];
  }

  all(): readonly Subscription[] {
    return this.subscriptions;
  }

  find(endpoint: string): Subscription | undefined {
    return this.subscriptions.find((subscription) => subscription.endpoint === endpoint);
  }

  /** Kept, in place of any earlier one of the same endpoint. */
  put(subscription: Subscription): void {
    this.subscriptions = [
      ...this.subscriptions.filter((s) => s.endpoint !== subscription.endpoint),
      subscription,
    ];
    this.save();
  }

  remove(endpoint: string): boolean {
    const before = this.subscriptions.length;
    this.subscriptions = this.subscriptions.filter((subscription) => subscription.endpoint !== endpoint);
    if (this.subscriptions.length === before) return false;
    this.save();
    return true;
  }

  private save(): void {
    writeJson(join(this.folder, 'subscriptions.json'), this.subscriptions);
  }
}
