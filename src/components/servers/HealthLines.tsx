import type { Health } from '../../agent-server/client';
import { healthWords } from './healthWords';
import { t, useT } from '../../i18n/i18n';
import { formatList } from '../../i18n/format';
import 'virtual:tether-english/servers';

/** A server's health in words, and what it says of itself once reached. */
export function HealthLines({ health, checking }: { health: Health | undefined; checking: boolean }) {
  useT();
  const details = detailWords(health);
  return (
    <p className={`server-health health-${health?.kind ?? 'checking'}`} role="status">
      <span className="health-dot" aria-hidden="true" />
      <span>
        {healthWords(health, checking)}
        {details && <span className="server-details"> · {details}</span>}
      </span>
    </p>
  );
}

/** What the server says of itself, once reached: runtime and the tools its agents can use. */
export function detailWords(health: Health | undefined): string | undefined {
  if (health?.kind !== 'reachable') return undefined;
  const parts = [
    health.runtime && t('servers.runtime', { runtime: health.runtime }),
    health.usableTools &&
      t('servers.tools', {
        tools: health.usableTools.length ? formatList(health.usableTools) : t('servers.noTools'),
      }),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}
