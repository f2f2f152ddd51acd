import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mcpSettingsClient, specOf, type McpEntry } from '../../agent-server/mcp';
import type { AgentServer } from '../../agent-server/servers';
import { enableMcpServer, mcpQuery, removeMcpServer } from '../../conversation/resources/mcp';
import { ServerSettingsDialog } from '../settingsDialog/ServerSettingsDialog';
import { ConfirmRemoval, StoredList } from '../settingsDialog/SettingsParts';
import { McpForm, TestOutcome } from './McpForm';
import { useT } from '../../i18n/i18n';
import { formatList } from '../../i18n/format';
import { useReportingMutation } from '../problems/commandProblems';
import { ProblemAlert } from '../problems/ProblemAlert';
import 'virtual:tether-english/mcp';

// The MCP servers a server keeps for its conversations: a command run over stdio or an HTTP
// address each. Test connects and lists the tools without storing anything; what is stored goes
// to every conversation started there from then on. The values of variables and headers go to
// the server and are not shown again.

export default function McpDialog({
  serverId,
  onClose,
}: {
  serverId: string | undefined;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <ServerSettingsDialog title={t('mcp.title')} className="mcp-dialog" serverId={serverId} onClose={onClose}>
      {(server) => <ServerMcp server={server} />}
    </ServerSettingsDialog>
  );
}

function ServerMcp({ server }: { server: AgentServer }) {
  const t = useT();
  const entries = useQuery(mcpQuery(server));
  const [adding, setAdding] = useState(false);
  const listId = useId();
  const taken = (name: string) => entries.data?.some((entry) => entry.name === name) ?? false;
  return (
    <>
      <p className="hint">{t('mcp.explain', { server: server.name })}</p>
      <h3 id={listId}>{t('mcp.storedOn', { server: server.name })}</h3>
      <StoredList
        query={entries}
        labelledBy={listId}
        loading={t('mcp.loading')}
        empty={t('mcp.none')}
        keyOf={(entry) => entry.name}
      >
        {(entry) => <McpEntryView server={server} entry={entry} />}
      </StoredList>
      {adding ? (
        <McpForm server={server} taken={taken} onDone={() => setAdding(false)} />
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          {t('mcp.add')}
        </button>
      )}
    </>
  );
}

/** How the entry runs, in one line: its command and arguments, or its address. */
function runsAs(entry: McpEntry): string {
  return entry.kind === 'stdio' ? [entry.command, ...entry.args].join(' ') : (entry.url ?? '');
}

function McpEntryView({ server, entry }: { server: AgentServer; entry: McpEntry }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'shown' | 'editing' | 'removing'>('shown');
  const test = useMutation({
    mutationFn: () => mcpSettingsClient(server).test(entry.name, specOf(entry), entry.name),
  });
  const place = `mcp ${server.serverUrl} ${entry.name}`;
  const remove = useReportingMutation(place, () => ({ action: 'remove', subject: entry.name }), {
    mutationFn: () => removeMcpServer(queryClient, server, entry.name),
  });
  const toggle = useReportingMutation(
    place,
    () => ({ action: entry.enabled ? 'turn off' : 'turn on', subject: entry.name }),
    { mutationFn: () => enableMcpServer(queryClient, server, entry.name, !entry.enabled) },
  );

  if (mode === 'editing') return <McpForm server={server} previous={entry} onDone={() => setMode('shown')} />;
  return (
    <div className="settings-entry">
      <div className="settings-heading">
        <span className="settings-name">{entry.name}</span>
        <span className="settings-detail">
          {entry.kind === 'stdio' ? t('mcp.kindCommand') : t('mcp.kindHttp')}
        </span>
        {!entry.enabled && <span className="settings-detail">· {t('mcp.off')}</span>}
      </div>
      <code className="settings-detail">{runsAs(entry)}</code>
      {entry.secretNames.length > 0 && (
        <p className="settings-detail">
          {t(entry.kind === 'stdio' ? 'mcp.variablesList' : 'mcp.headersList', {
            names: formatList(entry.secretNames),
          })}
        </p>
      )}
      <TestOutcome pending={test.isPending} result={test.data} error={test.error} />
      {mode === 'removing' ? (
        <ConfirmRemoval
          name={entry.name}
          verb="remove"
          consequence={t('mcp.removeConsequence')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onKeep={() => setMode('shown')}
        />
      ) : (
        <div className="form-actions">
          <button
            type="button"
            aria-label={t('mcp.testNamed', { name: entry.name })}
            aria-disabled={test.isPending}
            onClick={() => {
              if (!test.isPending) test.mutate();
            }}
          >
            {t('mcp.test')}
          </button>
          <button
            type="button"
            aria-label={t('mcp.editNamed', { name: entry.name })}
            onClick={() => setMode('editing')}
          >
            {t('mcp.edit')}
          </button>
          <button
            type="button"
            aria-label={t(entry.enabled ? 'mcp.turnOffNamed' : 'mcp.turnOnNamed', { name: entry.name })}
            aria-disabled={toggle.isPending}
            onClick={() => {
              if (!toggle.isPending) toggle.mutate();
            }}
          >
            {entry.enabled ? t('mcp.turnOff') : t('mcp.turnOn')}
          </button>
          <button
            type="button"
            aria-label={t('mcp.removeNamed', { name: entry.name })}
            onClick={() => setMode('removing')}
          >
            {t('mcp.remove')}
          </button>
        </div>
      )}
      <ProblemAlert place={place} />
    </div>
  );
}
