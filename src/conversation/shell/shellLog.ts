import type { ShellEvent, ShellOutputEvent } from '../../agent-server/shell';
import { t } from '../../i18n/i18n';
import 'virtual:tether-english/terminal';

// The person's own commands in a conversation's workspace, as the server's bash history holds
// them: each command with its output joined in the server's order, and how it ended.

export interface ShellEntry {
  id: string;
  command: string;
  /** When the server took it (ISO). */
  startedAt: string;
  /** stdout and stderr, each joined in order; empty until the command ends. */
  stdout: string;
  stderr: string;
  /** The exit code once the command has ended; the server reports -1 for its own timeout. */
  exitCode: number | undefined;
}

/** SIGTERM, as the server reports a command it stopped: the exit code is minus the signal. */
export const STOPPED_EXIT_CODE = -15;

/** Every command, oldest first, each with the pieces of output that arrived for it. */
export function shellEntries(events: readonly ShellEvent[]): ShellEntry[] {
  const outputs = new Map<string, ShellOutputEvent[]>();
  for (const event of events) {
    if (event.kind !== 'BashOutput') continue;
    const pieces = outputs.get(event.command_id) ?? [];
    // The same piece twice (a page read while it was written) is one piece.
    if (!pieces.some((piece) => piece.id === event.id)) pieces.push(event);
    outputs.set(event.command_id, pieces);
  }
  const seen = new Set<string>();
  const entries: ShellEntry[] = [];
  for (const event of events) {
    if (event.kind !== 'BashCommand' || seen.has(event.id)) continue;
    seen.add(event.id);
    const pieces = [...(outputs.get(event.id) ?? [])].sort((a, b) => a.order - b.order);
    const last = pieces.at(-1);
    entries.push({
      id: event.id,
      command: event.command,
      startedAt: event.timestamp,
      stdout: pieces.map((piece) => piece.stdout ?? '').join(''),
      stderr: pieces.map((piece) => piece.stderr ?? '').join(''),
      exitCode: last?.exit_code ?? undefined,
    });
  }
  return entries.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

export function isRunning(entry: ShellEntry): boolean {
  return entry.exitCode === undefined;
}

/** How a command ended, in words; nothing for a plain success. */
export function shellOutcome(entry: ShellEntry): string {
  if (entry.exitCode === undefined) return t('terminal.running');
  if (entry.exitCode === 0) return '';
  if (entry.exitCode === STOPPED_EXIT_CODE) return t('terminal.stopped');
  if (entry.exitCode === -1) return t('terminal.endedByServer');
  if (entry.exitCode < 0) return t('terminal.signal', { signal: -entry.exitCode });
  return t('terminal.exitCode', { code: entry.exitCode });
}
