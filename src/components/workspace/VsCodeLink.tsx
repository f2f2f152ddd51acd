import { useQuery } from '@tanstack/react-query';
import type { WorkspaceTarget } from '../../conversation/resources/workspace';
import { vsCodeQuery } from '../../conversation/resources/vscode';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/workspace';

/** Opens the conversation's folder in the server's VS Code, when it has one running; else nothing. */
export function VsCodeLink({ workspace }: { workspace: WorkspaceTarget }) {
  const t = useT();
  const address = useQuery(vsCodeQuery(workspace.settings, workspace.repository)).data;
  if (!address) return null;
  return (
    <a className="button-link" href={address} target="_blank" rel="noopener noreferrer">
      {t('workspace.vsCode')}
      <span className="visually-hidden"> {t('workspace.newTab')}</span>
    </a>
  );
}
