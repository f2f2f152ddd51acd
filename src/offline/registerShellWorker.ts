// Offline, Tether opens from the shell its service worker keeps (shellWorker.ts). The worker is
// registered in the first idle moment after the opened conversation's rows are drawn, so that
// keeping the shell never competes with opening a conversation (it did when it began at the
// page's load). It keeps the language spoken; a change of language registers it again for the
// new one. Never beside the built-in mock agent-server: its own worker (MSW) holds the same scope,
// and one would replace the other.

import { i18n } from '../i18n/i18n';

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
  if (absence) return;
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
