import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { conversationQuery } from '../../conversation/resources/conversations';
import { statusWords } from '../conversationWords';
import { conversationPath } from '../conversationPath';
import { useScopedServer } from '../servers/serverScope';
import { childReadMs } from './childStatus';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/children';

/**
 * Work handed on, on the card of the step that handed it: the brief, and for a child
 * conversation, once started, its title and status, read again while it runs, with a link that
 * opens it. (A sub-agent runs inside the conversation: its answer is the step's result.)
 */
export default function ChildConversation({
  task,
  child,
}: {
  task: string;
  child: { id: string; title: string | undefined } | undefined;
}) {
  const t = useT();
  return (
    <>
      {task && (
        <details className="child-brief">
          <summary>{t('children.brief')}</summary>
          <p>{task}</p>
        </details>
      )}
      {child && <ChildState id={child.id} title={child.title} />}
    </>
  );
}

function ChildState({ id, title }: { id: string; title: string | undefined }) {
  const t = useT();
  const server = useScopedServer();
  const info = useQuery({
    ...conversationQuery(server, id),
    refetchInterval: (query) => childReadMs(query.state.data?.execution_status),
  });
  const status = info.data?.execution_status;
  const name = info.data?.title || title || t('children.untitled');
  return (
    <div className="child-conversation">
      <Link href={conversationPath(server.id, id)}>{t('children.open', { name })}</Link>
      {status ? (
        <span className={`status status-${status}`} data-status={status}>
          {statusWords(status)}
        </span>
      ) : info.isError ? (
        <span className="settings-detail">{t('children.unreadable')}</span>
      ) : null}
    </div>
  );
}
