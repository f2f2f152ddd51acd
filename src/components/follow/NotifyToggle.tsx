import { useT } from '../../i18n/i18n';
import { toggleNotifications, useNotifyState } from './notifications';

/** "Notify me": a desktop notification when a run in a background tab ends, fails or waits. */
export function NotifyToggle() {
  const state = useNotifyState();
  const t = useT();
  if (state === 'unsupported') return null;
  return (
    <button
      type="button"
      className="notify-toggle"
      aria-pressed={state === 'on'}
      disabled={state === 'blocked'}
      title={state === 'blocked' ? t('notify.blockedExplain') : t('notify.explain')}
      onClick={() => void toggleNotifications()}
    >
      {state === 'blocked' ? t('notify.blocked') : t('notify.on')}
    </button>
  );
}
