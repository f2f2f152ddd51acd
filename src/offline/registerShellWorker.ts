// Offline, Tether opens from the shell its service worker keeps (shellWorker.ts). The worker is
// registered once the first screen is drawn and the page is idle, so that keeping the shell
// never competes with opening a conversation. Never beside the built-in mock agent-server: its
// own worker (MSW) holds the same scope, and one would replace the other.

/** Why this page keeps no shell for offline, if it keeps none: said in the copy's settings. */
export type ShellAbsence = 'development' | 'mock' | 'unsupported';
let absence: ShellAbsence | undefined;
export const shellAbsence = (): ShellAbsence | undefined => absence;

export function registerShellWorker({ onMock }: { onMock: boolean }): void {
  absence = !import.meta.env.PROD
    ? 'development'
    : !('serviceWorker' in navigator)
      ? 'unsupported'
      : onMock
        ? 'mock'
        : undefined;
  if (absence) return;
  const register = () => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
    idle(() => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
