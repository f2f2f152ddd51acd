import { shellAbsence, type ShellAbsence } from '../../offline/registerShellWorker';
import { ALERT_KINDS, type AlertKind } from '../../offline/alertWorker';

// This browser's subscription to Tether's notification relay (relay/): the relay's address, kept
// in this browser; the push subscription, made with the relay's VAPID key through the app's
// service worker; and what the relay sends it, by server and kind. Failures are facts (the
// dialog says them in the language spoken when it draws them).

export { ALERT_KINDS, type AlertKind };

export type AlertChoices = Readonly<Record<string, readonly AlertKind[]>>;

export type AlertsAbsence = ShellAbsence;

export type RelayProblem =
  | { kind: 'unreachable' }
  | { kind: 'refused'; status: number }
  | { kind: 'permission' }
  | { kind: 'push'; reason: string };

export class RelayFailure extends Error {
  constructor(readonly problem: RelayProblem) {
    super(problem.kind);
  }
}

const RELAY_KEY = 'tether.relay';
export const DEFAULT_RELAY = 'http://127.0.0.1:8787';

/** Why alerts cannot reach this browser, if they cannot: no service worker here, or no push. */
export function alertsAbsence(): AlertsAbsence | undefined {
  return shellAbsence() ?? (typeof PushManager === 'undefined' ? 'unsupported' : undefined);
}

export const relayAddress = (): string => localStorage.getItem(RELAY_KEY) ?? DEFAULT_RELAY;
export const keepRelayAddress = (url: string) =>
  localStorage.setItem(RELAY_KEY, url.trim().replace(/\/+$/, ''));

/** The address a server's webhook posts to: the relay's, named by the browser's id for it. */
export const webhookAddress = (relay: string, serverId: string) =>
  `${relay}/hooks/${encodeURIComponent(serverId)}`;

async function relayFetch(relay: string, path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    // The relay is not an agent-server: no ConversationClient reaches it.
    // eslint-disable-next-line no-restricted-globals
    response = await fetch(`${relay}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new RelayFailure({ kind: 'unreachable' });
  }
  if (!response.ok && response.status !== 404)
    throw new RelayFailure({ kind: 'refused', status: response.status });
  return response;
}

/** The relay's VAPID key: what a subscription is made with, and a sign the relay answers. */
export async function relayKey(relay: string): Promise<string> {
  return ((await (await relayFetch(relay, '/vapid-public-key')).json()) as { publicKey: string }).publicKey;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What the relay sends this browser, by server; undefined when it does not know this browser. */
export async function relayChoices(
  relay: string,
  subscription: PushSubscription,
): Promise<AlertChoices | undefined> {
  const response = await relayFetch(
    relay,
    `/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`,
  );
  if (response.status === 404) return undefined;
  return ((await response.json()) as { servers: AlertChoices }).servers;
}

async function keepChoices(
  relay: string,
  subscription: PushSubscription,
  choices: AlertChoices,
): Promise<void> {
  await relayFetch(relay, '/subscriptions', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ subscription: subscription.toJSON(), servers: choices }),
  });
}

/** From a click: asks for notifications if needed, subscribes with the relay's key, keeps the choices. */
export async function subscribe(relay: string, choices: AlertChoices): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new RelayFailure({ kind: 'permission' });
  const publicKey = await relayKey(relay);
  const registration = await navigator.serviceWorker.ready;
  let subscription: PushSubscription;
  try {
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  } catch (error) {
    throw new RelayFailure({ kind: 'push', reason: error instanceof Error ? error.message : String(error) });
  }
  await keepChoices(relay, subscription, choices);
}

export async function saveChoices(relay: string, choices: AlertChoices): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) await keepChoices(relay, subscription, choices);
}

export async function unsubscribe(relay: string): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await relayFetch(relay, `/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`, {
    method: 'DELETE',
  });
  await subscription.unsubscribe();
}
