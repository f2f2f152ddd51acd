import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { mcpSettingsClient, type McpEntry, type McpSpec } from '../../agent-server/mcp';
import type { ConnectionSettings } from '../../agent-server/servers';
import { serverKey } from './server';

// A server's stored MCP servers, as its settings list them (their secret values never come here).

export const mcpKey = (settings: ConnectionSettings) => [...serverKey(settings), 'mcp'] as const;

export const mcpQuery = (settings: ConnectionSettings) =>
  queryOptions({ queryKey: mcpKey(settings), queryFn: () => mcpSettingsClient(settings).list() });

/** Runs a change to the stored servers, then reads the list again whatever came of it. */
async function changing(queryClient: QueryClient, settings: ConnectionSettings, change: () => Promise<void>) {
  try {
    await change();
  } finally {
    await queryClient.invalidateQueries({ queryKey: mcpKey(settings) });
  }
}

export const addMcpServer = (
  queryClient: QueryClient,
  settings: ConnectionSettings,
  name: string,
  spec: McpSpec,
) => changing(queryClient, settings, () => mcpSettingsClient(settings).add(name, spec));

export const updateMcpServer = (
  queryClient: QueryClient,
  settings: ConnectionSettings,
  previous: McpEntry,
  spec: McpSpec,
  keepSecrets: boolean,
) =>
  changing(queryClient, settings, () =>
    mcpSettingsClient(settings).update(previous.name, spec, previous, keepSecrets),
  );

export const removeMcpServer = (queryClient: QueryClient, settings: ConnectionSettings, name: string) =>
  changing(queryClient, settings, () => mcpSettingsClient(settings).remove(name));

export const enableMcpServer = (
  queryClient: QueryClient,
  settings: ConnectionSettings,
  name: string,
  enabled: boolean,
) => changing(queryClient, settings, () => mcpSettingsClient(settings).setEnabled(name, enabled));
