import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import { mcpSettingsClient, specOf, type McpEntry } from '../../agent-server/mcp';
import type { AgentServer } from '../../agent-server/servers';
import { enableMcpServer, mcpQuery, removeMcpServer } from '../../conversation/resources/mcp';
import { ServerSettingsDialog } from '../servers/ServerSettingsDialog';
import { ConfirmRemoval, StoredList } from '../servers/SettingsParts';
import { McpForm, TestOutcome } from './McpForm';

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
  return (
    <ServerSettingsDialog title="MCP servers" className="mcp-dialog" serverId={serverId} onClose={onClose}>
      {(server) => <ServerMcp server={server} />}
    </ServerSettingsDialog>
  );
}

function ServerMcp({ server }: { server: AgentServer }) {
  const entries = useQuery(mcpQuery(server));
  const [adding, setAdding] = useState(false);
  const listId = useId();
  const taken = (name: string) => entries.data?.some((entry) => entry.name === name) ?? false;
  return (
    <>
      <p className="hint">
        Kept by {server.name}. The agent of every conversation started there from now on can use their tools
        (one turned off stays stored, its tools not given). Test connects and lists the tools, storing
        nothing. The values of variables and headers are not shown again.
      </p>
      <h3 id={listId}>Stored on {server.name}</h3>
      <StoredList
        query={entries}
        labelledBy={listId}
        loading="Loading MCP servers…"
        empty="No MCP servers yet."
        keyOf={(entry) => entry.name}
      >
        {(entry) => <McpEntryView server={server} entry={entry} />}
      </StoredList>
      {adding ? (
        <McpForm server={server} taken={taken} onDone={() => setAdding(false)} />
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          Add MCP server
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
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'shown' | 'editing' | 'removing'>('shown');
  const test = useMutation({
    mutationFn: () => mcpSettingsClient(server).test(entry.name, specOf(entry), entry.name),
  });
  const remove = useMutation({ mutationFn: () => removeMcpServer(queryClient, server, entry.name) });
  const toggle = useMutation({
    mutationFn: () => enableMcpServer(queryClient, server, entry.name, !entry.enabled),
  });

  if (mode === 'editing') return <McpForm server={server} previous={entry} onDone={() => setMode('shown')} />;
  const failed = remove.error ?? toggle.error;
  return (
    <div className="settings-entry">
      <div className="settings-heading">
        <span className="settings-name">{entry.name}</span>
        <span className="settings-detail">{entry.kind === 'stdio' ? 'command' : 'HTTP'}</span>
        {!entry.enabled && <span className="settings-detail">· off</span>}
      </div>
      <code className="settings-detail">{runsAs(entry)}</code>
      {entry.secretNames.length > 0 && (
        <p className="settings-detail">
          {entry.kind === 'stdio' ? 'Variables' : 'Headers'}: {entry.secretNames.join(', ')}
        </p>
      )}
      <TestOutcome pending={test.isPending} result={test.data} error={test.error} />
      {mode === 'removing' ? (
        <ConfirmRemoval
          name={entry.name}
          verb="remove"
          consequence="Conversations started from now on will not have its tools."
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onKeep={() => setMode('shown')}
        />
      ) : (
        <div className="form-actions">
          <button
            type="button"
            aria-label={`Test ${entry.name}`}
            aria-disabled={test.isPending}
            onClick={() => {
              if (!test.isPending) test.mutate();
            }}
          >
            Test
          </button>
          <button type="button" aria-label={`Edit ${entry.name}`} onClick={() => setMode('editing')}>
            Edit
          </button>
          <button
            type="button"
            aria-label={`${entry.enabled ? 'Turn off' : 'Turn on'} ${entry.name}`}
            aria-disabled={toggle.isPending}
            onClick={() => {
              if (!toggle.isPending) toggle.mutate();
            }}
          >
            {entry.enabled ? 'Turn off' : 'Turn on'}
          </button>
          <button type="button" aria-label={`Remove ${entry.name}`} onClick={() => setMode('removing')}>
            Remove
          </button>
        </div>
      )}
      {failed && (
        <p className="banner error" role="alert">
          {describeError(failed)}
        </p>
      )}
    </div>
  );
}
