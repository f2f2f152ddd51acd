import './serverSettings.css';
import { useState, type ReactNode } from 'react';
import { useDefaultServerId, useServers, type AgentServer } from '../../agent-server/servers';
import { useModalDialog } from '../useModalDialog';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/servers';

/**
 * The frame of a server's settings dialog (Secrets, MCP servers): its title, a choice of server
 * when there are several, the page for the chosen one, and Close.
 */
export function ServerSettingsDialog({
  title,
  className,
  serverId,
  onClose,
  children,
}: {
  title: string;
  className: string;
  serverId: string | undefined;
  onClose: () => void;
  /** The page for one server; drawn anew when the server changes. */
  children: (server: AgentServer) => ReactNode;
}) {
  const t = useT();
  const dialog = useModalDialog(onClose);
  const servers = useServers();
  const defaultServerId = useDefaultServerId();
  const [chosenId, setChosenId] = useState(serverId ?? defaultServerId);
  const server = servers.find((each) => each.id === chosenId) ?? servers[0];
  const titleId = `${className}-title`;

  return (
    <dialog ref={dialog} className={`server-settings ${className}`} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {servers.length > 1 && (
        <label className="server-settings-server">
          {t('servers.server')}
          <select value={server?.id} onChange={(event) => setChosenId(event.target.value)}>
            {servers.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {server ? (
        <div key={server.id}>{children(server)}</div>
      ) : (
        <p className="empty">{t('servers.noServerYet')}</p>
      )}
      <div className="form-actions">
        <button type="button" onClick={() => dialog.current?.close()}>
          {t('servers.close')}
        </button>
      </div>
    </dialog>
  );
}
