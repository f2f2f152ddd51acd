import 'virtual:tether-english/alerts';
import './alerts.css';
import { useCallback, useEffect, useState } from 'react';
import { useServers } from '../../agent-server/servers';
import { t as say, useT, type MessageId } from '../../i18n/i18n';
import { useModalDialog } from '../useModalDialog';
import {
  ALERT_KINDS,
  alertsAbsence,
  currentSubscription,
  keepRelayAddress,
  relayAddress,
  relayChoices,
  RelayFailure,
  relayKey,
  saveChoices,
  subscribe,
  unsubscribe,
  webhookAddress,
  type AlertChoices,
  type AlertKind,
  type AlertsAbsence,
} from './alertSubscription';

// Alerts that reach this browser with Tether closed, through the notification relay: its address,
// whether this browser is subscribed, and what each server's runs alert it of. Each server's
// webhook address is shown, to be put in that server's settings (README, "Alerts").

/** The kinds of alert, as this dialog and the notifications name them. */
export const KIND_WORDS: Record<AlertKind, MessageId> = {
  approval: 'alerts.kind.approval',
  asked: 'alerts.kind.asked',
  failed: 'alerts.kind.failed',
  finished: 'alerts.kind.finished',
};

const ABSENCE_WORDS: Record<AlertsAbsence, MessageId> = {
  development: 'alerts.absent.development',
  mock: 'alerts.absent.mock',
  unsupported: 'alerts.absent.unsupported',
};

type State =
  | { kind: 'checking' }
  | { kind: 'subscribed' }
  | { kind: 'notSubscribed' }
  | { kind: 'failed'; error: unknown };

const STATE_WORDS: Record<Exclude<State['kind'], 'failed'>, MessageId> = {
  checking: 'alerts.state.checking',
  subscribed: 'alerts.state.subscribed',
  notSubscribed: 'alerts.state.notSubscribed',
};

function stateWords(state: State, relay: string): string {
  if (state.kind !== 'failed') return say(STATE_WORDS[state.kind]);
  const problem = state.error instanceof RelayFailure ? state.error.problem : undefined;
  switch (problem?.kind) {
    case 'unreachable':
      return say('alerts.problem.unreachable', { relay });
    case 'refused':
      return say('alerts.problem.refused', { status: problem.status });
    case 'permission':
      return say('alerts.problem.permission');
    case 'push':
      return say('alerts.problem.push', { reason: problem.reason });
  }
  return say('alerts.problem.push', { reason: String(state.error) });
}

export default function AlertsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const dialog = useModalDialog(onClose);
  const servers = useServers();
  const absence = alertsAbsence();
  const [relay, setRelay] = useState(relayAddress);
  const [state, setState] = useState<State>({ kind: absence ? 'notSubscribed' : 'checking' });
  // Until the relay says what this browser chose, every kind from every server: what a person
  // subscribing wants first, unticked one by one.
  const [choices, setChoices] = useState<AlertChoices>(() =>
    Object.fromEntries(servers.map((server) => [server.id, ALERT_KINDS])),
  );
  const [busy, setBusy] = useState(false);

  const check = useCallback(async (address: string) => {
    setState({ kind: 'checking' });
    try {
      await relayKey(address);
      const subscription = await currentSubscription();
      const kept = subscription ? await relayChoices(address, subscription) : undefined;
      if (kept) setChoices(kept);
      setState({ kind: kept ? 'subscribed' : 'notSubscribed' });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  }, []);
  useEffect(() => {
    if (!absence) void check(relayAddress());
  }, [absence, check]);

  const act = async (action: () => Promise<void>, after: State['kind']) => {
    setBusy(true);
    try {
      keepRelayAddress(relay);
      await action();
      setState({ kind: after } as State);
    } catch (error) {
      setState({ kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  };

  const toggle = (serverId: string, kind: AlertKind, on: boolean) =>
    setChoices((before) => {
      const kinds = new Set(before[serverId] ?? []);
      if (on) kinds.add(kind);
      else kinds.delete(kind);
      return { ...before, [serverId]: ALERT_KINDS.filter((k) => kinds.has(k)) };
    });

  return (
    <dialog ref={dialog} className="alerts-dialog" aria-labelledby="alerts-title">
      <h2 id="alerts-title">{t('alerts.title')}</h2>
      <p>{t('alerts.intro')}</p>
      {servers[0] && (
        // What a notification says, exactly: the service worker has the server's id, not its name.
        <p className="alerts-example">
          <strong>{t(KIND_WORDS.approval)}</strong> {t('alerts.push.body', { server: servers[0].id })}
        </p>
      )}
      {absence ? (
        <p className="banner warning">{t(ABSENCE_WORDS[absence])}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void act(
              () => (state.kind === 'subscribed' ? saveChoices(relay, choices) : subscribe(relay, choices)),
              'subscribed',
            );
          }}
        >
          <label className="alerts-relay">
            {t('alerts.relay')}
            <input
              type="url"
              value={relay}
              onChange={(event) => setRelay(event.target.value)}
              onBlur={() => void check(relay.trim().replace(/\/+$/, ''))}
            />
          </label>
          <p role="status" className={state.kind === 'failed' ? 'alerts-state error' : 'alerts-state'}>
            {stateWords(state, relay)}
          </p>
          {servers.map((server) => (
            <fieldset key={server.id}>
              <legend>{t('alerts.server', { server: server.name })}</legend>
              {ALERT_KINDS.map((kind) => (
                <label key={kind} className="alerts-kind">
                  <input
                    type="checkbox"
                    checked={choices[server.id]?.includes(kind) ?? false}
                    onChange={(event) => toggle(server.id, kind, event.target.checked)}
                  />
                  {t(KIND_WORDS[kind])}
                </label>
              ))}
              <p className="alerts-webhook">
                {t('alerts.webhook')} <code>{webhookAddress(relay, server.id)}</code>
              </p>
            </fieldset>
          ))}
          <div className="alerts-actions">
            <button type="submit" disabled={busy || state.kind === 'checking'}>
              {state.kind === 'subscribed' ? t('alerts.save') : t('alerts.subscribe')}
            </button>
            {state.kind === 'subscribed' && (
              <button
                type="button"
                disabled={busy}
                onClick={() => void act(() => unsubscribe(relay), 'notSubscribed')}
              >
                {t('alerts.unsubscribe')}
              </button>
            )}
          </div>
        </form>
      )}
      <button type="button" onClick={() => dialog.current?.close()}>
        {t('alerts.close')}
      </button>
    </dialog>
  );
}
