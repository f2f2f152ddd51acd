import { readdirSync, readFileSync } from 'node:fs';

// Every process a real-server journey starts carries a marker in its environment: the agent-server,
// and whatever it starts in turn (its terminal's shells, the Chromium of its browser tool, MCP
// servers), since children inherit the environment even when they leave the process group.
// Stopping a server ends every process that carries its marker; scripts/test.sh fails the run
// on any left at the end.

export const MARKER = 'TETHER_TEST_PROCESS';

/** The processes whose environment carries `MARKER=value` (any value when none is given). */
export function markedProcesses(value?: string): number[] {
  const wanted = value === undefined ? `${MARKER}=` : `${MARKER}=${value}\0`;
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${name}/environ`, 'latin1');
      if (environ.includes(wanted)) found.push(Number(name));
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return found;
}

/** Ends every process marked with `value`, at once (they belong to a server that was stopped). */
export function killMarked(value: string): void {
  for (const pid of markedProcesses(value)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Exited meanwhile.
    }
  }
}
