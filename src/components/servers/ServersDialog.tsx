import './servers.css';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isMockServer,
  useDefaultServerId,
  useServers,
  type AgentServer,
  type ServerFields,
} from '../../agent-server/servers';
import { addServer, editServer, makeDefaultServer, removeServer } from '../../agent-server/serverCommands';
import { healthKey, healthQuery } from '../../conversation/resources/server';
import { useModalDialog } from '../useModalDialog';
import { ServerTag } from './ServerTag';
import { HealthLines } from './HealthLines';
import { ServerForm } from './ServerForm';
import { closeServers, openServerSettings, type ServerSettingsPage } from './serversDialog';
import { useT, type MessageId } from '../../i18n/i18n';
import 'virtual:tether-english/servers';

/** A server's settings dialogs, as its entry offers them. */
const SETTINGS_PAGES: [ServerSettingsPage, MessageId, MessageId][] = [
  ['secrets', 'servers.secrets', 'servers.secretsOf'],
  ['mcp', 'servers.mcp', 'servers.mcpOf'],
  ['skills', 'servers.skills', 'servers.skillsOf'],
];

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
  const t = useT();
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
      <h2 id="servers-title">{t('servers.title')}</h2>
      <p className="hint">{t('servers.explain')}</p>
      {servers.length === 0 && <p className="empty">{t('servers.noServerYet')}</p>}
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
          {t('servers.add')}
        </button>
      )}
      <div className="form-actions">
        <button type="button" onClick={() => dialog.current?.close()}>
          {t('servers.close')}
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
  const t = useT();
  // Opening the dialog checks each server afresh, what it says of itself too: that is what a
  // person opens it to see.
  const health = useQuery({ ...healthQuery(server, { freshFacts: true }), refetchOnMount: 'always' });
  return (
    <div className="server-entry">
      <div className="server-heading">
        <ServerTag server={server} />
        <span className="server-url">{server.serverUrl}</span>
        {isDefault && <span className="server-default">{t('servers.isDefault')}</span>}
      </div>
      <HealthLines health={health.data} checking={health.isFetching} />
      {removing ? (
        <div
          className="form-actions"
          role="group"
          aria-label={t('servers.removeQuestion', { name: server.name })}
        >
          <span>{t('servers.forget', { name: server.name })}</span>
          <button type="button" className="danger" onClick={onRemoveConfirmed}>
            {t('servers.remove')}
          </button>
          <button type="button" onClick={onRemoveCancelled}>
            {t('servers.keep')}
          </button>
        </div>
      ) : (
        <div className="form-actions">
          <button
            type="button"
            aria-label={t('servers.testNamed', { name: server.name })}
            disabled={health.isFetching}
            onClick={() => void health.refetch()}
          >
            {t('servers.testShort')}
          </button>
          <button type="button" aria-label={t('servers.editNamed', { name: server.name })} onClick={onEdit}>
            {t('servers.edit')}
          </button>
          <button
            type="button"
            aria-label={t('servers.removeNamed', { name: server.name })}
            onClick={onRemove}
          >
            {t('servers.remove')}
          </button>
          {SETTINGS_PAGES.map(([page, words, wordsOf]) => (
            <button
              key={page}
              type="button"
              aria-label={t(wordsOf, { name: server.name })}
              onClick={() => {
                // One dialog at a time: the settings take the place of Servers.
                closeServers();
                openServerSettings(page, server.id, true);
              }}
            >
              {t(words)}
            </button>
          ))}
          {!isDefault && (
            <button
              type="button"
              aria-label={t('servers.makeDefaultNamed', { name: server.name })}
              onClick={onMakeDefault}
            >
              {t('servers.makeDefault')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
