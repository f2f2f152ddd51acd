import { serverDetails, type ServerDetails } from './client';

// What a server's `/server_info` says of itself (its version, runtime and usable tools), kept in
// this browser once read. They change only when the server restarts, yet the health check read
// them every 15 s and on every page load (1.4 kB each on 1.58.2, the largest part of a second
// opening after the list). They are read again when they may have changed: when the server was
// seen to go away (a failed check, a dropped socket: it may come back as another version), when a
// person opens the Servers dialog to look at them, and a day after they were read. They are no
// secret: the route needs no key.

const PREFIX = 'tether.serverFacts:';
/** How long kept facts are taken without a read: a restart nobody here saw is caught by then. */
export const FACTS_KEPT_MS = 24 * 60 * 60 * 1000;

interface Kept {
  details: ServerDetails;
  readAt: number;
}

function isKept(value: unknown): value is Kept {
  if (typeof value !== 'object' || value === null) return false;
  const { details, readAt } = value as Record<string, unknown>;
  return typeof readAt === 'number' && typeof details === 'object' && details !== null;
}

/** Only the fields a server's details have, each of its own type: storage is not trusted. */
function checkedDetails(details: Record<string, unknown>): ServerDetails {
  return serverDetails({
    version: details.version,
    conversation_runtime: details.runtime,
    usable_tools: details.usableTools,
  });
}

/** The facts this browser read of a server less than a day ago, if any. */
export function keptServerFacts(serverUrl: string, now = Date.now()): ServerDetails | undefined {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(PREFIX + serverUrl) ?? 'null');
    if (!isKept(stored) || now - stored.readAt >= FACTS_KEPT_MS || stored.readAt > now) return undefined;
    return checkedDetails(stored.details as Record<string, unknown>);
  } catch {
    // Malformed or no storage: read them again.
    return undefined;
  }
}

/** Keeps a server's details (the fields of details alone, whatever else `details` holds). */
export function keepServerFacts(serverUrl: string, details: ServerDetails, now = Date.now()): void {
  const kept: Kept = { details: checkedDetails({ ...details }), readAt: now };
  try {
    localStorage.setItem(PREFIX + serverUrl, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the next check reads them again.
  }
}

/** The next check reads the server's facts again: it may have restarted as another version. */
export function forgetServerFacts(serverUrl: string): void {
  try {
    localStorage.removeItem(PREFIX + serverUrl);
  } catch {
    // No storage: nothing was kept.
  }
}
