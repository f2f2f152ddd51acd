import { create } from 'zustand';

// Whether the Servers dialog is open, and on what: the header's button, the palette, a link with
// `?add-server=<url>` and an address naming an unknown server all open it.

export type ServersDialogState = { open: false } | { open: true; adding?: { serverUrl: string } };

export const serversDialog = create<ServersDialogState>(() => ({ open: false }));

export const openServers = () => serversDialog.setState({ open: true }, true);
export const openAddServer = (serverUrl = '') =>
  serversDialog.setState({ open: true, adding: { serverUrl } }, true);
export const closeServers = () => serversDialog.setState({ open: false }, true);

/** `?add-server=<url>` (never with a key): the dialog opens on Add server, the URL filled in. */
export function serverToAdd(search: string): string | undefined {
  const url = new URLSearchParams(search).get('add-server')?.trim();
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

// Which of a server's settings dialogs is open (Secrets, MCP servers, Skills), and for which server: a
// server's entry in the Servers dialog and the palette open them (the palette on the server new
// conversations start on). Opened from Servers, one takes that dialog's place and gives it back
// when it closes.

export type ServerSettingsPage = 'secrets' | 'mcp' | 'skills';

export type ServerSettingsState =
  | { open: false }
  | { open: true; page: ServerSettingsPage; serverId: string | undefined; fromServers: boolean };

export const serverSettingsDialog = create<ServerSettingsState>(() => ({ open: false }));

export const openServerSettings = (page: ServerSettingsPage, serverId?: string, fromServers = false) =>
  serverSettingsDialog.setState({ open: true, page, serverId, fromServers }, true);

export const closeServerSettings = () => {
  const state = serverSettingsDialog.getState();
  serverSettingsDialog.setState({ open: false }, true);
  if (state.open && state.fromServers) openServers();
};
