import { toggleNotifications, useNotifyState } from './notifications';

/** "Notify me": a desktop notification when a run in a background tab ends, fails or waits. */
export function NotifyToggle() {
  const state = useNotifyState();
  if (state === 'unsupported') return null;
  return (
    <button
      type="button"
      className="notify-toggle"
      aria-pressed={state === 'on'}
      disabled={state === 'blocked'}
      title={
        state === 'blocked'
          ? 'Notifications are blocked for this site in the browser’s settings'
          : 'A desktop notification when a run in a background tab finishes, fails or needs your approval'
      }
      onClick={() => void toggleNotifications()}
    >
      {state === 'blocked' ? 'Notifications blocked' : 'Notify me'}
    </button>
  );
}
