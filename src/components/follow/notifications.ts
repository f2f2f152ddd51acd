import { useSyncExternalStore } from 'react';

// Desktop notifications are opt-in: nothing is asked of the browser until the person clicks
// "Notify me", and the choice is kept in this browser.

const KEY = 'tether.notify';
const listeners = new Set<() => void>();

export type NotifyState = 'unsupported' | 'off' | 'on' | 'blocked';

function read(): NotifyState {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return localStorage.getItem(KEY) === 'on' && Notification.permission === 'granted' ? 'on' : 'off';
}

function changed() {
  for (const listener of listeners) listener();
}

export function useNotifyState(): NotifyState {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, read);
}

/** From a click: asks the browser once if needed, then switches notifications on or off. */
export async function toggleNotifications(): Promise<void> {
  if (read() === 'on') {
    localStorage.removeItem(KEY);
  } else if ((await Notification.requestPermission()) === 'granted') {
    localStorage.setItem(KEY, 'on');
  }
  changed();
}

export const notificationsOn = () => read() === 'on';
