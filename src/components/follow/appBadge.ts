// The installed app's icon counts what needs the person (the Badging API, where the browser has
// it); elsewhere the tab title says it alone. The inbox counts approvals waiting on every server;
// the board, while it shows, counts what needs the person, and when it goes the inbox's count is
// the icon's again.

type Badging = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

let inboxCount = 0;
let boardCount: number | undefined;

function draw(): void {
  const count = boardCount ?? inboxCount;
  const badging = navigator as Badging;
  const done = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.();
  // Refused outside an installed app, or without permission: the title still says it.
  void done?.catch(() => undefined);
}

/** The inbox's count: approvals waiting on every server. */
export function badgeForInbox(count: number): void {
  inboxCount = count;
  draw();
}

/** The board's count while it shows; undefined when it goes. */
export function badgeForBoard(count: number | undefined): void {
  boardCount = count;
  draw();
}
