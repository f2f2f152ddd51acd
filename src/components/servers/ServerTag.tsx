import type { AgentServer } from '../../agent-server/servers';

/** Enough colours to tell a handful of servers apart at a glance; the name is the cue that counts. */
const COLOURS = 6;

export function serverColour(serverId: string): number {
  let hash = 0;
  for (const char of serverId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % COLOURS;
}

/** A server's name with its colour beside it (the colour alone never carries the meaning). */
export function ServerTag({ server }: { server: AgentServer }) {
  return (
    <span className="server-tag">
      <span className="server-colour" data-server-colour={serverColour(server.id)} aria-hidden="true" />
      {server.name}
    </span>
  );
}
