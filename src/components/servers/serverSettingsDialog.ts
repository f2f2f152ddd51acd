import { create } from 'zustand';
import { openServers } from './serversDialog';

// Which of a server's settings dialogs is open (Secrets, MCP servers), and for which server: a
// server's entry in the Servers dialog and the palette open them (the palette on the server new
// conversations start on). Opened from Servers, one takes that dialog's place and gives it back
// when it closes.

export type ServerSettingsPage = 'secrets' | 'mcp';

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
