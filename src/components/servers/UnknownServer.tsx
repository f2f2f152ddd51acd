import { openAddServer } from './serversDialog';

/** An address naming a server this browser does not know: say so, and offer to add it. */
export default function UnknownServer({ serverId }: { serverId?: string }) {
  return (
    <section className="unknown-server" aria-labelledby="unknown-server-title">
      <h1 id="unknown-server-title">This conversation is on a server this browser does not know</h1>
      <p>
        {serverId
          ? `The address names the server “${serverId}”, which is not among this browser’s servers. Add it with the same URL it has on the browser the link came from, and the link opens.`
          : 'No agent-server is set up in this browser yet.'}
      </p>
      <button type="button" onClick={() => openAddServer()}>
        Add a server
      </button>
    </section>
  );
}
