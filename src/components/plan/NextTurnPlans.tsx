import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { AgentServer } from '../../agent-server/servers';
import { nextTurnOf, planStateOf } from '../../conversation/plan/planMode';
import { conversationQuery } from '../../conversation/resources/conversations';
import { useT } from '../../i18n/i18n';
import { conversationPath } from '../conversationPath';
import './plan.css';
import 'virtual:tether-english/planFirst';

/** The ids of the conversations this one owns, as the server lists them in its info. */
export function childIdsOf(info: unknown): string[] {
  const ids = (info as { sub_conversation_ids?: unknown } | undefined)?.sub_conversation_ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Above the composer of a conversation whose next turn is being planned: where the plan is being
 * written, one click away, until it is approved (and comes back here) or discarded. Read from
 * the children the server lists in the conversation's info.
 */
export function NextTurnPlans({
  settings,
  conversationId,
  info,
}: {
  settings: AgentServer;
  conversationId: string;
  info: unknown;
}) {
  const t = useT();
  return (
    <ul className="next-turn-plans" aria-label={t('planFirst.nextTitle')}>
      {childIdsOf(info).map((id) => (
        <NextTurnPlan key={id} settings={settings} parentId={conversationId} id={id} />
      ))}
    </ul>
  );
}

/**
 * One child, drawn while it is a plan of this conversation's next turn still being written. Each
 * child is its own query (one `useQuery` each, not `useQueries`, which the first load would carry).
 */
function NextTurnPlan({ settings, parentId, id }: { settings: AgentServer; parentId: string; id: string }) {
  const t = useT();
  const { data } = useQuery(conversationQuery(settings, id));
  if (!data || nextTurnOf(data) !== parentId || planStateOf(data).kind !== 'planning') return null;
  return (
    <li>
      {t('planFirst.pending', { title: data.title || t('planFirst.nextTitle') })}{' '}
      <Link href={conversationPath(settings.id, id)}>{t('planFirst.openPlan')}</Link>
    </li>
  );
}
