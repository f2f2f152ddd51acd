// Offline, Tether opens from the shell its service worker keeps (shellWorker.ts). The worker is
// registered in the first idle moment after the opened conversation's rows are drawn, so that
// keeping the shell never competes with opening a conversation (it did when it began at the
// page's load). It keeps the language spoken; a change of language registers it again for the
// new one. Never beside the built-in mock agent-server, which is for trying Tether out and for
// its tests: its pages load every file as served, so that a rebuilt preview is what the next load
// shows and a test's route sees each file the page asks for (a kept shell answers from its cache).

import { i18n } from '../i18n/i18n';
import { heldByLeftMockWorker } from './leftMockWorker';

/** Why this page keeps no shell for offline, if it keeps none: said in the copy's settings. */
export type ShellAbsence = 'development' | 'mock' | 'unsupported';
let absence: ShellAbsence | undefined;
export const shellAbsence = (): ShellAbsence | undefined => absence;

/** `after` resolves in the first idle moment after the first screen's rows (useIdleReached.ts). */
export function registerShellWorker(onMock: boolean, after: Promise<void>): void {
  absence = !import.meta.env.PROD
    ? 'development'
    : !('serviceWorker' in navigator)
      ? 'unsupported'
      : onMock
        ? 'mock'
        : undefined;
  if (absence || heldByLeftMockWorker()) return;
  const register = () =>
    void navigator.serviceWorker
      // A language's code is letters and hyphens: safe in a query as it is.
      .register(`/sw.js?lang=${i18n.locale}`)
      .catch(() => undefined);
  void after.then(() => {
    register();
    i18n.on('change', register);
  });
}
