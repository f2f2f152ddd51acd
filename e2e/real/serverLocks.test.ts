// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The real journeys run each pinned agent-server in a venv made from its lock, every package at
// a fixed version (scripts/agent-server-venv.sh). A version added without a lock, or a lock that
// lets in what broke the server before, fails here rather than at the first real journey.

const versions: string[] = JSON.parse(readFileSync('package.json', 'utf8')).config.agentServerVersions;

/** The lock's packages by name (lower case), at their versions. */
function lockOf(version: string): Map<string, string> {
  const text = readFileSync(`scripts/agent-server-locks/${version}.txt`, 'utf8');
  const pins = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const pin = /^([A-Za-z0-9_.-]+)==(\S+)$/.exec(line.trim());
    if (!pin) throw new Error(`Not a pin in the ${version} lock: ${line}`);
    pins.set(pin[1]!.toLowerCase(), pin[2]!);
  }
  return pins;
}

describe.each(versions)('the agent-server %s lock', (version) => {
  it('pins the three openhands packages to the version', () => {
    const pins = lockOf(version);
    for (const name of ['openhands-agent-server', 'openhands-tools', 'openhands-sdk'])
      expect(pins.get(name), name).toBe(version);
  });

  it('keeps cryptography below 51, which refuses the key the server derives', () => {
    const major = Number(lockOf(version).get('cryptography')?.split('.')[0]);
    expect(major).toBeGreaterThan(0);
    expect(major).toBeLessThan(51);
  });
});
