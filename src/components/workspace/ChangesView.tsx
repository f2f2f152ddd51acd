import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import type { GitChange } from '../../agent-server/workspace';
import {
  isRepositoryQuery,
  repositoryPath,
  workingChangesQuery,
  type WorkspaceTarget,
} from '../../conversation/resources/workspace';
import { decodeGitPath } from '../../conversation/workspace/gitPaths';
import { useOpenWorkspace, type WorkspaceRoute } from '../workspaceRoute';
import { COUNTED_FILES, ChangedFile, FileDiff } from './changedFiles';
import { moveFocusWithArrows } from '../keyboard';
import { FileViewer } from './FileViewer';
import { CommitForm } from '../worktree/CommitForm';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/workspace';

// What changed in the working tree against the server's base, and one file's diff.

export function ChangesView({
  workspace,
  route,
  log,
}: {
  workspace: WorkspaceTarget;
  route: WorkspaceRoute;
  log: ConversationEventLog;
}) {
  const t = useT();
  const changes = useQuery(workingChangesQuery(workspace));
  const empty = changes.isSuccess && changes.data.length === 0;
  const isRepository = useQuery({ ...isRepositoryQuery(workspace), enabled: empty });
  const open = useOpenWorkspace();
  const selected = route.path ? findChange(changes.data ?? [], workspace.repository, route.path) : undefined;

  let summary: React.ReactNode;
  if (changes.isPending) summary = t('workspace.loadingChanges');
  else if (changes.isError)
    summary = (
      <span role="alert" className="error">
        {t('workspace.changesFailed', { problem: describeError(changes.error) })}
      </span>
    );
  else if (empty)
    summary = isRepository.isPending
      ? t('workspace.noChanges')
      : isRepository.data === false
        ? t('workspace.notRepository', { folder: workspace.repository })
        : t('workspace.noUncommitted');
  else summary = t('workspace.changedFiles', { count: changes.data.length });

  return (
    <div className="workspace-split">
      <section className="workspace-list" aria-label={t('workspace.changedFilesLabel')}>
        <p className="workspace-summary" role="status">
          {summary}
        </p>
        {/* Kept while a repository's emptiness is being confirmed: a commit's answer stays. */}
        {changes.isSuccess && (changes.data.length > 0 || isRepository.data !== false) && (
          <CommitForm workspace={workspace} log={log} />
        )}
        {changes.data && changes.data.length > 0 && (
          <ul
            className="changed-files"
            onKeyDown={(event) => moveFocusWithArrows(event, ':scope > li > button', 'vertical')}
          >
            {changes.data.map((change, index) => (
              <ChangedFile
                key={change.path}
                workspace={workspace}
                change={change}
                counted={index < COUNTED_FILES}
                selected={selected?.path === change.path}
                onSelect={() => open({ view: 'changes', path: decodeGitPath(change.path) })}
              />
            ))}
          </ul>
        )}
      </section>
      <section className="workspace-detail" aria-label={t('workspace.selectedFile')}>
        {selected ? (
          <FileDiff workspace={workspace} change={selected} />
        ) : route.path && changes.isSuccess ? (
          <>
            <p className="workspace-note">{t('workspace.unchangedFile', { path: route.path })}</p>
            <FileViewer workspace={workspace} path={route.path} />
          </>
        ) : (
          changes.data &&
          changes.data.length > 0 && <p className="workspace-note">{t('workspace.chooseFile')}</p>
        )}
      </section>
    </div>
  );
}

/** The change a route's path names: relative to the repository, or the absolute path the agent used. */
function findChange(changes: GitChange[], repository: string, path: string): GitChange | undefined {
  return changes.find((change) => {
    const relative = decodeGitPath(change.path);
    const full = repositoryPath(repository, relative);
    return relative === path || full === path || path.endsWith(`/${full.replace(/^\.?\//, '')}`);
  });
}
