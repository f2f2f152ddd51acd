import type { Health } from '../../agent-server/client';

export function healthWords(health: Health | undefined, checking: boolean): string {
  if (!health) return checking ? 'Checking…' : 'Not checked yet';
  switch (health.kind) {
    case 'reachable':
      return `Connected${health.version ? ` (server ${health.version})` : ''}`;
    case 'wrong-key':
      return 'Wrong session API key: the server answered 401';
    case 'unreachable':
      return `Unreachable: ${health.message}`;
  }
}

/** The header's one line for every server at once. */
export function summaryWords(
  servers: readonly { name: string; health: Health | undefined; checking: boolean }[],
): string {
  if (servers.length === 0) return 'No agent-server set up';
  if (servers.length === 1) {
    const [only] = servers;
    return `${only!.name} · ${healthWords(only!.health, only!.checking)}`;
  }
  const reached = servers.filter((s) => s.health?.kind === 'reachable').length;
  const trouble = servers.filter((s) => s.health && s.health.kind !== 'reachable');
  const checking = servers.some((s) => !s.health);
  return [
    `Connected to ${reached} of ${servers.length} servers`,
    ...trouble.map((s) => `${s.name}: ${s.health!.kind === 'wrong-key' ? 'wrong key' : 'unreachable'}`),
    ...(checking ? ['checking…'] : []),
  ].join(' · ');
}
