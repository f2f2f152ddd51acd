import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WorkspaceTarget } from '../../conversation/resources/workspace';
import { vsCodeQuery } from '../../conversation/resources/vscode';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/workspace';

/**
 * Opens the conversation's folder in the server's VS Code when it has one running. When it has
 * none, the button stays, marked unavailable, and says why when pressed: a control that vanishes
 * tells nobody that the server could offer it.
 */
export function VsCodeLink({ workspace }: { workspace: WorkspaceTarget }) {
  const t = useT();
  const [explained, setExplained] = useState(false);
  const address = useQuery(vsCodeQuery(workspace.settings, workspace.repository)).data;
  if (!address) return null;
  if ('url' in address)
    return (
      <a className="button-link" href={address.url} target="_blank" rel="noopener noreferrer">
        {t('workspace.vsCode')}
        <span className="visually-hidden"> {t('workspace.newTab')}</span>
      </a>
    );
  const why = address.absent === 'disabled' ? t('workspace.vsCodeDisabled') : t('workspace.vsCodeNotRunning');
  return (
    <span className="vscode-absent">
      <button
        type="button"
        aria-disabled="true"
        aria-describedby="vscode-why"
        onClick={() => setExplained((shown) => !shown)}
      >
        {t('workspace.vsCode')}
      </button>
      <span id="vscode-why" aria-live="polite" className={explained ? 'vscode-why' : 'visually-hidden'}>
        {why}
      </span>
    </span>
  );
}
