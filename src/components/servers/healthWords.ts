import type { Health } from '../../agent-server/client';
import { t } from '../../i18n/i18n';

/**
 * A server's health in words. Beside its name (`name`), a version the name already says is not
 * said again: "Built-in mock · Connected", not "Built-in mock · Connected (server mock)".
 */
export function healthWords(health: Health | undefined, checking: boolean, name?: string): string {
  if (!health) return checking ? t('health.checking') : t('health.notChecked');
  switch (health.kind) {
    case 'reachable':
      return health.version && !name?.toLowerCase().includes(health.version.toLowerCase())
        ? t('health.connectedVersion', { version: health.version })
        : t('health.connected');
    case 'wrong-key':
      return t('health.wrongKey');
    case 'unreachable':
      return t('health.unreachable', { problem: health.message });
  }
}

/** The header's one line for every server at once. */
export function summaryWords(
  servers: readonly { name: string; health: Health | undefined; checking: boolean }[],
): string {
  if (servers.length === 0) return t('health.noServer');
  if (servers.length === 1) {
    const [only] = servers;
    return t('health.one', {
      name: only!.name,
      health: healthWords(only!.health, only!.checking, only!.name),
    });
  }
  const reached = servers.filter((s) => s.health?.kind === 'reachable').length;
  const trouble = servers.filter((s) => s.health && s.health.kind !== 'reachable');
  const checking = servers.some((s) => !s.health);
  return [
    t('health.connectedOf', { reached, count: servers.length }),
    ...trouble.map((s) =>
      t(s.health!.kind === 'wrong-key' ? 'health.troubleKey' : 'health.troubleUnreachable', { name: s.name }),
    ),
    ...(checking ? [t('health.stillChecking')] : []),
  ].join(' · ');
}
