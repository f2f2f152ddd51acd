import type { SocketEnvironment } from '../../agent-server/socket';

/**
 * The clock a session's own timers run on: the socket's environment when one is given (a fake
 * clock in tests, so a whole session runs on one clock), the browser's otherwise.
 */
export interface SessionTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function sessionTimers(env: SocketEnvironment | undefined, now?: () => number): SessionTimers {
  return {
    now: now ?? Date.now,
    setTimeout: env?.setTimeout ?? ((fn, ms) => setTimeout(fn, ms)),
    clearTimeout: env?.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)),
  };
}
