import { describe, expect, it, vi } from 'vitest';
import { alertWorker, type AlertClient, type AlertWorkerScope, type AlertWords } from './alertWorker';

const WORDS: AlertWords = {
  en: {
    approval: 'Needs approval',
    asked: 'Asked',
    failed: 'Failed',
    finished: 'Finished',
    body: 'On {server}.',
  },
  de: { approval: 'Freigabe', asked: 'Frage', failed: 'Fehler', finished: 'Fertig', body: 'Auf {server}.' },
};

function worker(lang: string, clients: AlertClient[] = []) {
  const listeners: Record<string, (event: never) => void> = {};
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const scope: AlertWorkerScope = {
    location: { origin: 'https://tether.test', href: `https://tether.test/sw.js?lang=${lang}` },
    registration: { showNotification: async (title, options) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url) => void opened.push(url),
    },
    addEventListener: (type, listener) => (listeners[type] = listener),
  };
  alertWorker(scope, WORDS);
  const waited: Promise<unknown>[] = [];
  const push = async (data: unknown) => {
    listeners.push!({
      data: { json: () => data },
      waitUntil: (p: Promise<unknown>) => waited.push(p),
    } as never);
    await Promise.all(waited);
  };
  const click = async (data: unknown) => {
    listeners.notificationclick!({
      notification: { data, close: () => undefined },
      waitUntil: (p: Promise<unknown>) => waited.push(p),
    } as never);
    await Promise.all(waited);
  };
  return { shown, opened, push, click };
}

const client = (url: string, focused = true): AlertClient => ({
  url,
  focused,
  visibilityState: 'visible',
  focus: vi.fn(async () => undefined),
  navigate: vi.fn(async () => undefined),
});
const ALERT = { server: 'lab', conversationId: 'c1', eventId: 'e1', kind: 'approval' };

describe('the service worker’s alerts', () => {
  it('show in the language the page speaks, one per conversation, with where to go', async () => {
    const { shown, push } = worker('de');
    await push(ALERT);
    expect(shown).toEqual([
      {
        title: 'Freigabe',
        options: { body: 'Auf lab.', tag: 'lab/c1', data: { ...ALERT }, icon: '/favicon.svg' },
      },
    ]);
  });

  it('stay silent while that conversation is on screen in a focused tab, and not otherwise', async () => {
    const watching = worker('en', [client('https://tether.test/s/lab/conversations/c1')]);
    await watching.push(ALERT);
    expect(watching.shown).toEqual([]);
    const unfocused = worker('en', [client('https://tether.test/s/lab/conversations/c1', false)]);
    await unfocused.push(ALERT);
    expect(unfocused.shown).toHaveLength(1);
  });

  it('show nothing for a push that is not an alert', async () => {
    const { shown, push } = worker('en');
    await push({ kind: 'approval' });
    await push({ ...ALERT, kind: 'wipe' });
    await push('text');
    expect(shown).toEqual([]);
  });

  it('open the event in a Tether tab when one is open, else in a new window', async () => {
    const open = client('https://tether.test/board', false);
    const withTab = worker('en', [open]);
    await withTab.click(ALERT);
    expect(open.navigate).toHaveBeenCalledWith('https://tether.test/s/lab/conversations/c1?event=e1');
    const none = worker('en');
    await none.click({ ...ALERT, eventId: undefined });
    expect(none.opened).toEqual(['/s/lab/conversations/c1']);
  });
});
