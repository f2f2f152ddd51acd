import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endForkServers, RUN_FOLDER } from './forkServer';

// The suite's global set-up: a folder for this run's fork servers (forkServer.ts), which the
// workers inherit by environment; its teardown ends them. Nothing starts until a real-server
// journey asks, so a mock run costs a folder.
export default function forkServerRun(): () => Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'tether-fork-servers-'));
  process.env[RUN_FOLDER] = folder;
  return () => endForkServers(folder);
}
