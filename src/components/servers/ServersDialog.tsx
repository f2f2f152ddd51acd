import './servers.css';
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { agentServerClients, checkHealth, type Health } from '../../agent-server/client';
import {
  isMockServer,
  normaliseServerUrl,
  useDefaultServerId,
  useServers,
  type AgentServer,
  type ServerFields,
} from '../../agent-server/servers';
import { addServer, editServer, makeDefaultServer, removeServer } from '../../agent-server/serverCommands';
import { healthKey, healthQuery } from '../../conversation/resources/server';
import { useModalDialog } from '../useModalDialog';
import { ServerTag } from './ServerTag';
import { healthWords } from './healthWords';

type Editing = { kind: 'add'; serverUrl: string } | { kind: 'edit'; server: AgentServer } | undefined;

/** The mock lives in a service worker started at boot: a mock added later needs a reload. */
const mockRunning = () => '__tetherMock' in window;

/**
 * The agent-servers this browser knows: each one's health and what it says of itself, and
 * Add, Edit, Test, Remove and where new conversations start.
 */
export default function ServersDialog({
  adding,
  onClose,
}: {
  adding: { serverUrl: string } | undefined;
  onClose: () => void;
}) {
  const dialog = useModalDialog(onClose);
  const servers = useServers();
  const defaultServerId = useDefaultServerId();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(
    adding ? { kind: 'add', serverUrl: adding.serverUrl } : undefined,
  );
  const [removing, setRemoving] = useState<string | undefined>();

  const save = (fields: ServerFields) => {
    const saved = editing?.kind === 'edit' ? editServer(editing.server.id, fields) : addServer(fields);
    setEditing(undefined);
    if (!saved) return;
    if (isMockServer(saved) && !mockRunning()) window.location.reload();
    else void queryClient.invalidateQueries({ queryKey: healthKey(saved) });
  };

  return (
    <dialog ref={dialog} className="servers-dialog" aria-labelledby="servers-title">
      <h2 id="servers-title">Servers</h2>
      <p className="hint">
        Every conversation of every server here is in one list. Kept in this browser only; a key is sent in a
        header, never in an address.
      </p>
      {servers.length === 0 && <p className="empty">No server yet.</p>}
      <ul className="server-entries">
        {servers.map((server) => (
          <li key={server.id} aria-label={server.name}>
            {editing?.kind === 'edit' && editing.server.id === server.id ? (
              <ServerForm
                server={server}
                others={servers.filter((other) => other.id !== server.id)}
                onSave={save}
                onCancel={() => setEditing(undefined)}
              />
            ) : (
              <ServerEntry
                server={server}
                isDefault={server.id === defaultServerId}
                removing={removing === server.id}
                onEdit={() => setEditing({ kind: 'edit', server })}
                onRemove={() => setRemoving(server.id)}
                onRemoveConfirmed={() => {
                  setRemoving(undefined);
                  removeServer(server.id);
                }}
                onRemoveCancelled={() => setRemoving(undefined)}
                onMakeDefault={() => makeDefaultServer(server.id)}
              />
            )}
          </li>
        ))}
      </ul>
      {editing?.kind === 'add' ? (
        <ServerForm
          others={servers}
          initialUrl={editing.serverUrl}
          onSave={save}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <button type="button" onClick={() => setEditing({ kind: 'add', serverUrl: '' })}>
          Add server
        </button>
      )}
      <div className="form-actions">
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}

function ServerEntry({
  server,
  isDefault,
  removing,
  onEdit,
  onRemove,
  onRemoveConfirmed,
  onRemoveCancelled,
  onMakeDefault,
}: {
  server: AgentServer;
  isDefault: boolean;
  removing: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onRemoveConfirmed: () => void;
  onRemoveCancelled: () => void;
  onMakeDefault: () => void;
}) {
  const health = useQuery(healthQuery(server));
  return (
    <div className="server-entry">
      <div className="server-heading">
        <ServerTag server={server} />
        <span className="server-url">{server.serverUrl}</span>
        {isDefault && <span className="server-default">New conversations start here</span>}
      </div>
      <HealthLines health={health.data} checking={health.isFetching} />
      {removing ? (
        <div className="form-actions" role="group" aria-label={`Remove ${server.name}?`}>
          <span>Forget {server.name} in this browser? Its conversations stay on the server.</span>
          <button type="button" className="danger" onClick={onRemoveConfirmed}>
            Remove
          </button>
          <button type="button" onClick={onRemoveCancelled}>
            Keep
          </button>
        </div>
      ) : (
        <div className="form-actions">
          <button
            type="button"
            aria-label={`Test ${server.name}`}
            disabled={health.isFetching}
            onClick={() => void health.refetch()}
          >
            Test
          </button>
          <button type="button" aria-label={`Edit ${server.name}`} onClick={onEdit}>
            Edit
          </button>
          <button type="button" aria-label={`Remove ${server.name}`} onClick={onRemove}>
            Remove
          </button>
          {!isDefault && (
            <button
              type="button"
              aria-label={`Start new conversations on ${server.name}`}
              onClick={onMakeDefault}
            >
              Start new conversations here
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function HealthLines({ health, checking }: { health: Health | undefined; checking: boolean }) {
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

/** Add (empty, or filled from a link) or Edit; Test tries the values typed before they are kept. */
function ServerForm({
  server,
  others,
  initialUrl = '',
  onSave,
  onCancel,
}: {
  server?: AgentServer;
  /** The other servers of the list: none may have the same address. */
  others: readonly AgentServer[];
  initialUrl?: string;
  onSave: (fields: ServerFields) => void;
  onCancel: () => void;
}) {
  const [tested, setTested] = useState<{ health: Health | undefined; checking: boolean }>();
  const titleId = useId();
  const fieldsOf = (form: HTMLFormElement): ServerFields => {
    const data = new FormData(form);
    return {
      name: String(data.get('name') ?? ''),
      serverUrl: String(data.get('serverUrl') ?? ''),
      sessionApiKey: String(data.get('sessionApiKey') ?? ''),
    };
  };
  return (
    <form
      className="server-form"
      aria-labelledby={titleId}
      data-closes-on-escape=""
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Esc leaves the form, not the whole dialog.
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        const fields = fieldsOf(event.currentTarget);
        const url = normaliseServerUrl(fields.serverUrl);
        const twin = others.find((other) => other.serverUrl === url);
        const field = event.currentTarget.elements.namedItem('serverUrl') as HTMLInputElement;
        // One entry per server: a second would list every conversation twice.
        field.setCustomValidity(twin ? `${twin.name} already has this address.` : '');
        if (twin) {
          field.reportValidity();
          return;
        }
        onSave(fields);
      }}
    >
      <h3 id={titleId}>{server ? `Edit ${server.name}` : 'Add server'}</h3>
      <label>
        Name
        <input name="name" defaultValue={server?.name ?? ''} placeholder="Laptop, workstation…" />
      </label>
      <label>
        Server URL
        <input
          name="serverUrl"
          type="url"
          required
          autoFocus
          onInput={(event) => event.currentTarget.setCustomValidity('')}
          defaultValue={server?.serverUrl ?? initialUrl}
          placeholder="http://127.0.0.1:8000"
        />
      </label>
      <label>
        Session API key
        <input
          name="sessionApiKey"
          type="password"
          autoComplete="off"
          defaultValue={server?.sessionApiKey ?? ''}
        />
      </label>
      {tested && <HealthLines health={tested.health} checking={tested.checking} />}
      <div className="form-actions">
        <button type="submit">Save server</button>
        <button
          type="button"
          onClick={async (event) => {
            const form = event.currentTarget.form!;
            if (!form.reportValidity()) return;
            const fields = fieldsOf(form);
            setTested({ health: undefined, checking: true });
            const settings = {
              serverUrl: normaliseServerUrl(fields.serverUrl),
              sessionApiKey: fields.sessionApiKey,
            };
            setTested({ health: await checkHealth(agentServerClients(settings)), checking: false });
          }}
        >
          Test connection
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** What the server says of itself, once reached: runtime and the tools its agents can use. */
export function detailWords(health: Health | undefined): string | undefined {
  if (health?.kind !== 'reachable') return undefined;
  const parts = [
    health.runtime && `Runtime: ${health.runtime}`,
    health.usableTools && `Tools: ${health.usableTools.length ? health.usableTools.join(', ') : 'none'}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}
