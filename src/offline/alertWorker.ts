// The service worker's alerts: a push from Tether's relay (relay/) carries only where to look
// (server, conversation, event, kind); this shows it as a notification in the language the page
// speaks, and a tap opens that conversation at that event. While the conversation is on screen
// in a focused tab, the alert stays silent: the page says it already.
//
// One self-contained function, because the build writes it into `sw.js` as it stands
// (vite.config.ts): it may use nothing from outside its body.

export const ALERT_KINDS = ['approval', 'asked', 'failed', 'finished'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The words of each kind's notification, by language: `{server}` is the server's id. */
export type AlertWords = Readonly<Record<string, Readonly<Record<AlertKind | 'body', string>>>>;

/** What the function needs of a service worker's global scope. */
export interface AlertWorkerScope {
  location: { origin: string; href: string };
  registration: {
    showNotification: (title: string, options: NotificationOptions) => Promise<void>;
  };
  clients: {
    matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<readonly AlertClient[]>;
    openWindow: (url: string) => Promise<unknown>;
  };
  addEventListener: (type: 'push' | 'notificationclick', listener: (event: never) => void) => void;
}

export interface AlertClient {
  url: string;
  focused: boolean;
  visibilityState: string;
  focus: () => Promise<unknown>;
  navigate: (url: string) => Promise<unknown>;
}

interface PushingEvent {
  data: { json: () => unknown } | null;
  waitUntil: (done: Promise<unknown>) => void;
}
interface ClickingEvent {
  notification: { data: unknown; close: () => void };
  waitUntil: (done: Promise<unknown>) => void;
}

export function alertWorker(scope: AlertWorkerScope, words: AlertWords): void {
  const spoken = new URL(scope.location.href).searchParams.get('lang') ?? 'en';
  const said = words[spoken] ?? words.en!;
  const kinds = ['approval', 'asked', 'failed', 'finished'];

  /** The alert a push carries, or nothing when it carries none (it is then not shown). */
  const alertOf = (event: PushingEvent) => {
    let value: unknown;
    try {
      value = event.data?.json();
    } catch {
      return undefined;
    }
    const alert = value as { server?: unknown; conversationId?: unknown; eventId?: unknown; kind?: unknown };
    if (typeof alert?.server !== 'string' || typeof alert.conversationId !== 'string') return undefined;
    if (typeof alert.kind !== 'string' || !kinds.includes(alert.kind)) return undefined;
    return {
      server: alert.server,
      conversationId: alert.conversationId,
      eventId: typeof alert.eventId === 'string' ? alert.eventId : undefined,
      kind: alert.kind as AlertKind,
    };
  };

  const pathOf = (alert: { server: string; conversationId: string; eventId?: string | undefined }) =>
    `/s/${encodeURIComponent(alert.server)}/conversations/${encodeURIComponent(alert.conversationId)}` +
    (alert.eventId ? `?event=${encodeURIComponent(alert.eventId)}` : '');

  // An untrusted event (a test's) cannot be waited on; the work is done all the same.
  const waitFor = (event: { waitUntil: (done: Promise<unknown>) => void }, done: Promise<unknown>) => {
    try {
      event.waitUntil(done);
    } catch {
      // Not the browser's own event.
    }
  };

  scope.addEventListener('push', (event: PushingEvent) => {
    const alert = alertOf(event);
    if (!alert) return;
    const conversationPath = pathOf({ ...alert, eventId: undefined });
    waitFor(
      event,
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
        const watching = clients.some(
          (client) =>
            client.focused &&
            client.visibilityState === 'visible' &&
            new URL(client.url).pathname === conversationPath,
        );
        if (watching) return undefined;
        return scope.registration.showNotification(said[alert.kind], {
          body: said.body.replace('{server}', alert.server),
          // One notification per conversation: a newer alert replaces the one before.
          tag: `${alert.server}/${alert.conversationId}`,
          data: alert,
          icon: '/favicon.svg',
        });
      }),
    );
  });

  scope.addEventListener('notificationclick', (event: ClickingEvent) => {
    event.notification.close();
    const data = event.notification.data as { server?: unknown; conversationId?: unknown; eventId?: unknown };
    if (typeof data?.server !== 'string' || typeof data.conversationId !== 'string') return;
    const path = pathOf({
      server: data.server,
      conversationId: data.conversationId,
      eventId: typeof data.eventId === 'string' ? data.eventId : undefined,
    });
    waitFor(
      event,
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (clients) => {
        const open = clients.find((client) => new URL(client.url).origin === scope.location.origin);
        if (!open) return scope.clients.openWindow(path);
        await open.focus().catch(() => undefined);
        return open.navigate(new URL(path, scope.location.origin).href);
      }),
    );
  });
}
