import { Suspense, useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import type { Health } from '../../agent-server/client';
import { useServers, type AgentServer } from '../../agent-server/servers';
import { onServerTrouble } from '../../agent-server/serverTrouble';
import { healthKey, healthQuery } from '../../conversation/resources/server';
import { useCommand } from '../commands/commands';
import { lazyPart } from '../boundaries/lazyPart';
import { summaryWords } from './healthWords';
import {
  closeServers,
  closeServerSettings,
  openServers,
  openServerSettings,
  serversDialog,
  serverSettingsDialog,
} from './serversDialog';
import { useT } from '../../i18n/i18n';

// The dialogs are wanted rarely, after the first screen: each loads when first opened.
const ServersDialog = lazyPart(() => import('./ServersDialog'));
const ServerSettings = lazyPart(() => import('./ServerSettings'));

/** The header's word on every server's health, and the button to the Servers dialog. */
export function ServersPanel() {
  const t = useT();
  const servers = useServers();
  const { words, kind } = useHealthSummary(servers);
  const dialog = useStore(serversDialog);
  const settings = useStore(serverSettingsDialog);
  useCommand('servers', t('serverPanel.servers'), openServers);
  useCommand('secrets', t('serverPanel.secrets'), () => openServerSettings('secrets'));
  useCommand('mcp', t('serverPanel.mcp'), () => openServerSettings('mcp'));
  useCommand('skills', t('serverPanel.skills'), () => openServerSettings('skills'));

  return (
    <div className="connection">
      {servers.map((server) => (
        <HealthCheck key={server.id} server={server} />
      ))}
      <span className={`health health-${kind}`} role="status">
        <span className="health-dot" aria-hidden="true" />
        <span className="health-words">{words}</span>
      </span>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={dialog.open}
        onClick={dialog.open ? closeServers : openServers}
      >
        {t('serverPanel.servers')}
      </button>
      {dialog.open && (
        <Suspense fallback={null}>
          <ServersDialog adding={dialog.adding} onClose={closeServers} />
        </Suspense>
      )}
      {settings.open && (
        <Suspense fallback={null}>
          <ServerSettings page={settings.page} serverId={settings.serverId} onClose={closeServerSettings} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Keeps one server's health read (on its own interval, and again at once when a request to it
 * failed as a dead server's do, or the browser went off or on line); the summary and the list
 * read them from the cache.
 */
function HealthCheck({ server }: { server: AgentServer }) {
  useQuery(healthQuery(server));
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = () =>
      void queryClient.invalidateQueries({ queryKey: healthKey(server) }, { cancelRefetch: false });
    const stop = onServerTrouble((serverUrl) => {
      if (serverUrl === server.serverUrl) recheck();
    });
    window.addEventListener('online', recheck);
    window.addEventListener('offline', recheck);
    return () => {
      stop();
      window.removeEventListener('online', recheck);
      window.removeEventListener('offline', recheck);
    };
  }, [queryClient, server]);
  return null;
}

/**
 * Every server's health in one line, read from the query cache. (`useQueries` would do it too,
 * at 3 KB more on the first load.)
 */
function useHealthSummary(servers: readonly AgentServer[]) {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (changed: () => void) => queryClient.getQueryCache().subscribe(changed),
    [queryClient],
  );
  const snapshot = useSyncExternalStore(subscribe, () => {
    const states = servers.map((server) => ({
      name: server.name,
      health: queryClient.getQueryData<Health>(healthKey(server)),
      checking: queryClient.getQueryState(healthKey(server))?.fetchStatus === 'fetching',
    }));
    const kinds = new Set(states.map((state) => state.health?.kind ?? 'checking'));
    const kind = kinds.size === 1 ? [...kinds][0]! : kinds.has('reachable') ? 'partial' : 'unreachable';
    // One string, so that an unrelated change in the cache renders nothing.
    return `${kind}\u0000${summaryWords(states)}`;
  });
  const [kind, words] = snapshot.split('\u0000') as [string, string];
  return { kind, words };
}
