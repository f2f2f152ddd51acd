// The installed app's icon counts what needs the person (the Badging API, where the browser has
// it); elsewhere the tab title says it alone.

type Badging = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

export function showAppBadge(count: number): void {
  const badging = navigator as Badging;
  const done = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.();
  // Refused outside an installed app, or without permission: the title still says it.
  void done?.catch(() => undefined);
}
