import { HttpClient } from '@openhands/typescript-client/client/http-client';
import { clientPerServer } from './runtimeRoutes';
import type { ConnectionSettings } from './servers';

// VS Code on the agent-server (vscode_router.py, the same in 1.57.0 and 1.58.2): its status says
// whether it is enabled and running; only then does the address route give a URL (with its
// connection token and the folder), built on `localhost` unless told a base.

/** This machine's own names: `*.localhost` is loopback too (RFC 6761), as browsers treat it. */
const isLoopback = (hostname: string) =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  hostname === '127.0.0.1' ||
  hostname === '[::1]';

/**
 * The address as this browser reaches it: the server's own answer names `localhost`, which is
 * the browser's machine only when the agent-server runs there too.
 */
export function reachableFrom(address: string, serverUrl: string): string {
  const url = new URL(address);
  const server = new URL(serverUrl);
  if (isLoopback(url.hostname) && !isLoopback(server.hostname)) url.hostname = server.hostname;
  return url.toString();
}

// The library's VSCodeClient comes only through its barrel of every client, which would put them
// all in the first load; its transport is enough for these two routes.
const vsCodeHttp = clientPerServer(
  ({ serverUrl, sessionApiKey }) =>
    new HttpClient({ baseUrl: serverUrl, apiKey: sessionApiKey || undefined, timeout: 15_000 }),
);

/** Where VS Code opens the folder, or why it cannot: the server runs without it, or not yet. */
export type VsCodeAddress = { url: string } | { absent: 'disabled' | 'not-running' };

export async function vsCodeAddress(settings: ConnectionSettings, folder: string): Promise<VsCodeAddress> {
  const http = vsCodeHttp(settings);
  const status = (await http.get<{ enabled?: boolean; running?: boolean }>('/api/vscode/status')).data;
  if (!status.enabled) return { absent: 'disabled' };
  if (!status.running) return { absent: 'not-running' };
  const { url } = (
    await http.get<{ url: string | null }>('/api/vscode/url', { params: { workspace_dir: folder } })
  ).data;
  return url ? { url: reachableFrom(url, settings.serverUrl) } : { absent: 'not-running' };
}
