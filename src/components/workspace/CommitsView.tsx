import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import {
  commitChangesQuery,
  commitsQuery,
  type WorkspaceTarget,
} from '../../conversation/resources/workspace';
import { decodeGitPath } from '../../conversation/workspace/gitPaths';
import { useOpenWorkspace, type WorkspaceRoute } from '../workspaceRoute';
import { COUNTED_FILES, ChangedFile, FileDiff } from './changedFiles';
import { moveFocusWithArrows } from '../keyboard';
import { useT } from '../../i18n/i18n';
import { formatDate } from '../../i18n/format';
import 'virtual:tether-english/workspace';

// The repository's commits, newest first, and what each one changed.

export function CommitsView({ workspace, route }: { workspace: WorkspaceTarget; route: WorkspaceRoute }) {
  const t = useT();
  const commits = useQuery(commitsQuery(workspace));
  const open = useOpenWorkspace();
  return (
    <div className="workspace-split">
      <section className="workspace-list" aria-label={t('workspace.tab.commits')}>
        <p className="workspace-summary" role="status">
          {commits.isPending
            ? t('workspace.loadingCommits')
            : commits.isError
              ? t('workspace.commitsFailed', { problem: describeError(commits.error) })
              : commits.data.commits.length === 0
                ? t('workspace.noCommits')
                : t(commits.data.has_more ? 'workspace.commitsMore' : 'workspace.commits', {
                    count: commits.data.commits.length,
                  })}
        </p>
        <ul
          className="commit-list"
          onKeyDown={(event) => moveFocusWithArrows(event, ':scope > li > button', 'vertical')}
        >
          {commits.data?.commits.map((commit) => (
            <li key={commit.sha}>
              <button
                type="button"
                className="commit"
                aria-current={route.commit === commit.sha ? 'true' : undefined}
                onClick={() => open({ view: 'commits', commit: commit.sha })}
              >
                <span className="commit-subject">{commit.subject}</span>
                <span className="commit-meta">
                  <code>{commit.short_sha}</code> · {commit.author} · {commitTime(commit.timestamp)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="workspace-detail" aria-label={t('workspace.selectedCommit')}>
        {route.commit ? (
          <CommitFiles workspace={workspace} commit={route.commit} path={route.path} />
        ) : (
          commits.data &&
          commits.data.commits.length > 0 && <p className="workspace-note">{t('workspace.chooseCommit')}</p>
        )}
      </section>
    </div>
  );
}

function CommitFiles({
  workspace,
  commit,
  path,
}: {
  workspace: WorkspaceTarget;
  commit: string;
  path: string | undefined;
}) {
  const t = useT();
  const changes = useQuery(commitChangesQuery(workspace, commit));
  const open = useOpenWorkspace();
  const selected = path ? changes.data?.find((c) => decodeGitPath(c.path) === path) : undefined;
  if (changes.isPending) return <p className="workspace-note">{t('workspace.loadingCommit')}</p>;
  if (changes.isError)
    return (
      <p className="workspace-note error" role="alert">
        {t('workspace.commitFailed', { problem: describeError(changes.error) })}
      </p>
    );
  return (
    <>
      <ul
        className="changed-files"
        onKeyDown={(event) => moveFocusWithArrows(event, ':scope > li > button', 'vertical')}
        aria-label={t('workspace.commitFiles')}
      >
        {changes.data.map((change, index) => (
          <ChangedFile
            key={change.path}
            workspace={workspace}
            change={change}
            commit={commit}
            counted={index < COUNTED_FILES}
            selected={selected?.path === change.path}
            onSelect={() => open({ view: 'commits', commit, path: decodeGitPath(change.path) })}
          />
        ))}
      </ul>
      {selected && <FileDiff workspace={workspace} change={selected} commit={commit} />}
    </>
  );
}

/** A commit's time in UTC, as a repository's history is read the same from everywhere. */
function commitTime(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime())
    ? timestamp
    : `${formatDate(date, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}
