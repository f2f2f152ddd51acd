import SecretsDialog from '../secrets/SecretsDialog';
import McpDialog from '../mcp/McpDialog';
import SkillsDialog from '../skills/SkillsDialog';
import type { ServerSettingsPage } from './serversDialog';

/** A server's settings dialog: one chunk for all three, loaded when one is first opened. */
export default function ServerSettings({
  page,
  serverId,
  onClose,
}: {
  page: ServerSettingsPage;
  serverId: string | undefined;
  onClose: () => void;
}) {
  if (page === 'secrets') return <SecretsDialog serverId={serverId} onClose={onClose} />;
  if (page === 'skills') return <SkillsDialog serverId={serverId} onClose={onClose} />;
  return <McpDialog serverId={serverId} onClose={onClose} />;
}
