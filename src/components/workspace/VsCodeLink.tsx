import { useQuery } from '@tanstack/react-query';
import type { WorkspaceTarget } from '../../conversation/resources/workspace';
import { vsCodeQuery } from '../../conversation/resources/vscode';

/** Opens the conversation's folder in the server's VS Code, when it has one running; else nothing. */
export function VsCodeLink({ workspace }: { workspace: WorkspaceTarget }) {
  const address = useQuery(vsCodeQuery(workspace.settings, workspace.repository)).data;
  if (!address) return null;
  return (
    <a className="button-link" href={address} target="_blank" rel="noopener noreferrer">
      Open in VS Code<span className="visually-hidden"> (a new tab)</span>
    </a>
  );
}
