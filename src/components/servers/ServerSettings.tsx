import SecretsDialog from '../secrets/SecretsDialog';
import McpDialog from '../mcp/McpDialog';
import type { ServerSettingsPage } from './serversDialog';

/** A server's settings dialog: one chunk for both, loaded when one is first opened. */
export default function ServerSettings({
  page,
  serverId,
  onClose,
}: {
  page: ServerSettingsPage;
  serverId: string | undefined;
  onClose: () => void;
}) {
  return page === 'secrets' ? (
    <SecretsDialog serverId={serverId} onClose={onClose} />
  ) : (
    <McpDialog serverId={serverId} onClose={onClose} />
  );
}
