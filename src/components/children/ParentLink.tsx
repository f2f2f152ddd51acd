import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { conversationQuery } from '../../conversation/resources/conversations';
import { conversationPath } from '../conversationPath';
import { useScopedServer } from '../servers/serverScope';
import { useT } from '../../i18n/i18n';
import './children.css';
import 'virtual:tether-english/children';

/** In a child conversation's header: the conversation that started it, one click away. */
export default function ParentLink({ id }: { id: string }) {
  const t = useT();
  const server = useScopedServer();
  const parent = useQuery(conversationQuery(server, id));
  return (
    <Link className="parent-link" href={conversationPath(server.id, id)}>
      {t('children.startedBy', { title: parent.data?.title || t('children.anotherConversation') })}
    </Link>
  );
}
