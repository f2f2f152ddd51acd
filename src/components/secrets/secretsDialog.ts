import { create } from 'zustand';
import { openServers } from '../servers/serversDialog';

// Whether the Secrets dialog is open, and for which server: a server's entry in the Servers
// dialog and the palette open it (the palette on the server new conversations start on). Opened
// from Servers, it takes that dialog's place and gives it back when it closes.

export type SecretsDialogState =
  { open: false } | { open: true; serverId: string | undefined; fromServers: boolean };

export const secretsDialog = create<SecretsDialogState>(() => ({ open: false }));

export const openSecrets = (serverId?: string, fromServers = false) =>
  secretsDialog.setState({ open: true, serverId, fromServers }, true);

export const closeSecrets = () => {
  const state = secretsDialog.getState();
  secretsDialog.setState({ open: false }, true);
  if (state.open && state.fromServers) openServers();
};
