import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { conversationQuery } from '../../conversation/resources/conversations';
import { conversationPath } from '../servers/conversationPath';
import { useScopedServer } from '../servers/serverScope';

/** In a child conversation's header: the conversation that started it, one click away. */
export default function ParentLink({ id }: { id: string }) {
  const server = useScopedServer();
  const parent = useQuery(conversationQuery(server, id));
  return (
    <Link className="parent-link" href={conversationPath(server.id, id)}>
      Started by “{parent.data?.title || 'another conversation'}”
    </Link>
  );
}
