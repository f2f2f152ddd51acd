import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import type { ExecutionStatus } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/settings';
import type { GitChange } from '../../agent-server/workspace';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { isActive } from '../../conversation/executionStatus';
import {
  commitChangesQuery,
  commitsQuery,
  fileDiffQuery,
  isRepositoryQuery,
  refreshWorkingTree,
  repositoryPath,
  workingChangesQuery,
} from '../../conversation/resources/workspace';
import { decodeGitPath, languageOf } from '../../conversation/workspace/gitPaths';
import { refreshDelay } from '../../conversation/workspace/refreshRule';
import { DiffView, type DiffLayout } from '../diff/DiffView';
import { useDiffModel } from '../diff/useDiffModel';
import { DownloadButton, FileViewer } from './FileViewer';
import { useOpenWorkspace, type WorkspaceRoute } from './workspaceRoute';
import './workspace.css';

// Beside the conversation: what the agent changed in its workspace (the working tree against
// the server's base, with a diff per file), the commits and what each changed, and any file's
// content. Loaded the first time it is opened.

const STATUS_WORDS: Record<GitChange['status'], string> = {
  ADDED: 'Added',
  UPDATED: 'Modified',
  DELETED: 'Deleted',
  MOVED: 'Renamed',
};

/** Per-file line counts are worked out for this many files; a huge change set lists the rest plainly. */
const COUNTED_FILES = 60;

export default function WorkspacePanel({
  settings,
  repository,
  route,
  log,
  status,
}: {
  settings: ConnectionSettings;
  repository: string;
  route: WorkspaceRoute;
  log: ConversationEventLog;
  status: ExecutionStatus | undefined;
}) {
  const open = useOpenWorkspace();
  useRefreshWhileWorking(settings, repository, log, status);
  const queryClient = useQueryClient();
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => panelRef.current?.focus(), []);
  const tab = route.view === 'commits' ? 'commits' : 'changes';
  return (
    <aside className="workspace-panel" aria-label="Workspace" ref={panelRef} tabIndex={-1}>
      <header className="workspace-header">
        <h2>Workspace</h2>
        <span className="workspace-folder" title="The conversation’s working folder">
          {repository}
        </span>
        <div role="tablist" aria-label="Workspace views" className="workspace-tabs">
          {(['changes', 'commits'] as const).map((view) => (
            <button
              key={view}
              type="button"
              role="tab"
              aria-selected={tab === view && route.view !== 'file'}
              onClick={() => open({ view })}
            >
              {view === 'changes' ? 'Changes' : 'Commits'}
            </button>
          ))}
        </div>
        <button type="button" onClick={() => void refreshWorkingTree(queryClient, settings, repository)}>
          Refresh
        </button>
        <button type="button" aria-label="Close the workspace" onClick={() => open(undefined)}>
          Close
        </button>
      </header>
      <div className="workspace-body">
        {route.view === 'file' && route.path ? (
          <FileViewer settings={settings} repository={repository} path={route.path} />
        ) : tab === 'commits' ? (
          <CommitsView settings={settings} repository={repository} route={route} />
        ) : (
          <ChangesView settings={settings} repository={repository} route={route} />
        )}
      </div>
    </aside>
  );
}

/** Re-reads the working tree after the agent edits or runs something, at most once a second, and when a run settles. */
function useRefreshWhileWorking(
  settings: ConnectionSettings,
  repository: string,
  log: ConversationEventLog,
  status: ExecutionStatus | undefined,
) {
  const queryClient = useQueryClient();
  const touches = useSyncExternalStore(log.subscribe, () => log.projection.workspaceObservations);
  const settled = status !== undefined && !isActive(status);
  const last = useRef(Date.now());
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = window.setTimeout(
      () => {
        last.current = Date.now();
        void refreshWorkingTree(queryClient, settings, repository);
      },
      refreshDelay(last.current, Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [touches, settled, queryClient, settings, repository]);
}

function ChangesView({
  settings,
  repository,
  route,
}: {
  settings: ConnectionSettings;
  repository: string;
  route: WorkspaceRoute;
}) {
  const changes = useQuery(workingChangesQuery(settings, repository));
  const empty = changes.isSuccess && changes.data.length === 0;
  const isRepository = useQuery({ ...isRepositoryQuery(settings, repository), enabled: empty });
  const open = useOpenWorkspace();
  const selected = route.path ? findChange(changes.data ?? [], repository, route.path) : undefined;

  let summary: React.ReactNode;
  if (changes.isPending) summary = 'Loading the changes…';
  else if (changes.isError)
    summary = (
      <span role="alert" className="error">
        The agent-server could not list the changes. {describeError(changes.error)}
      </span>
    );
  else if (empty)
    summary = isRepository.isPending
      ? 'No changes.'
      : isRepository.data === false
        ? `${repository} is not a git repository, so there are no changes to show.`
        : 'No uncommitted changes. Committed work is under Commits.';
  else summary = `${changes.data.length} changed ${changes.data.length === 1 ? 'file' : 'files'}`;

  return (
    <div className="workspace-split">
      <section className="workspace-list" aria-label="Changed files">
        <p className="workspace-summary" role="status">
          {summary}
        </p>
        {changes.data && changes.data.length > 0 && (
          <ul className="changed-files">
            {changes.data.map((change, index) => (
              <ChangedFile
                key={change.path}
                settings={settings}
                repository={repository}
                change={change}
                counted={index < COUNTED_FILES}
                selected={selected?.path === change.path}
                onSelect={() => open({ view: 'changes', path: decodeGitPath(change.path) })}
              />
            ))}
          </ul>
        )}
      </section>
      <section className="workspace-detail" aria-label="Selected file">
        {selected ? (
          <FileDiff settings={settings} repository={repository} change={selected} />
        ) : route.path && changes.isSuccess ? (
          <>
            <p className="workspace-note">{route.path} has no uncommitted changes. Its content now:</p>
            <FileViewer settings={settings} repository={repository} path={route.path} />
          </>
        ) : (
          changes.data &&
          changes.data.length > 0 && <p className="workspace-note">Choose a file to see its diff.</p>
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

function ChangedFile({
  settings,
  repository,
  change,
  counted,
  selected,
  onSelect,
  commit,
}: {
  settings: ConnectionSettings;
  repository: string;
  change: GitChange;
  counted: boolean;
  selected: boolean;
  onSelect: () => void;
  commit?: string;
}) {
  const path = decodeGitPath(change.path);
  const diff = useQuery({
    ...fileDiffQuery(settings, repository, path, commit, change.status === 'DELETED'),
    enabled: counted,
  });
  const model = useDiffModel(diff.data?.original ?? undefined, diff.data?.modified ?? undefined);
  return (
    <li>
      <button
        type="button"
        className={`changed-file status-${change.status.toLowerCase()}`}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
      >
        <span className="change-status">{STATUS_WORDS[change.status] ?? change.status}</span>
        <span className="change-path" title={path}>
          {path}
        </span>
        {model?.kind === 'text' && (
          <span className="diff-counts" aria-label={`${model.added} added, ${model.removed} removed`}>
            <span className="diff-count-add">+{model.added}</span>{' '}
            <span className="diff-count-del">−{model.removed}</span>
          </span>
        )}
        {diff.isError && <span className="diff-counts">no diff</span>}
        {(model?.kind === 'binary' ||
          (model?.kind === 'identical' && change.status === 'ADDED' && diff.data?.modified === '')) && (
          <span className="diff-counts">{model.kind === 'binary' ? 'binary' : 'binary or empty'}</span>
        )}
      </button>
    </li>
  );
}

const LAYOUT_KEY = 'tether.diff-layout';

function FileDiff({
  settings,
  repository,
  change,
  commit,
}: {
  settings: ConnectionSettings;
  repository: string;
  change: GitChange;
  commit?: string;
}) {
  const path = decodeGitPath(change.path);
  const diff = useQuery(fileDiffQuery(settings, repository, path, commit, change.status === 'DELETED'));
  const model = useDiffModel(diff.data?.original ?? undefined, diff.data?.modified ?? undefined);
  const [layout, setLayout] = useState<DiffLayout>(() =>
    localStorage.getItem(LAYOUT_KEY) === 'split' ? 'split' : 'unified',
  );
  const open = useOpenWorkspace();
  const full = repositoryPath(repository, path);
  // The server reads the file on disk as UTF-8 and sends "" when it cannot (a binary file):
  // what it is now comes from the file itself.
  const binaryNow =
    !commit &&
    change.status !== 'DELETED' &&
    diff.data?.modified === '' &&
    (model?.kind === 'binary' || model?.kind === 'identical');
  return (
    <div className="file-diff-view">
      <div className="file-view-bar">
        <span className="file-view-path">{path}</span>
        <span className="change-status">{STATUS_WORDS[change.status]}</span>
        <div role="group" aria-label="Diff layout" className="segmented">
          {(['unified', 'split'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={layout === value}
              onClick={() => {
                setLayout(value);
                localStorage.setItem(LAYOUT_KEY, value);
              }}
            >
              {value === 'unified' ? 'Unified' : 'Side by side'}
            </button>
          ))}
        </div>
        {change.status !== 'DELETED' && !commit && (
          <button type="button" onClick={() => open({ view: 'file', path: full })}>
            View file
          </button>
        )}
        {change.status !== 'DELETED' && !commit && <DownloadButton settings={settings} path={full} />}
      </div>
      {diff.isPending && <p className="workspace-note">Loading the diff…</p>}
      {diff.isError && (
        <p className="workspace-note error" role="alert">
          The diff of {path} could not be read. {describeError(diff.error)}
        </p>
      )}
      {diff.data && diff.data.original === null && diff.data.modified === null && (
        <p className="workspace-note">{path} is not inside a git repository.</p>
      )}
      {diff.data && diff.data.original !== null && !model && (
        <p className="workspace-note">Working out the diff…</p>
      )}
      {model && !(binaryNow && model.kind === 'identical') && (
        <DiffView diff={model} language={languageOf(path)} layout={layout} label={`Diff of ${path}`} />
      )}
      {binaryNow && (
        <>
          <p className="workspace-note">
            {model?.kind === 'identical'
              ? 'The agent-server sends no text for this file: it is binary or empty. Its content now:'
              : 'Its content now:'}
          </p>
          <FileViewer settings={settings} repository={repository} path={full} />
        </>
      )}
    </div>
  );
}

function CommitsView({
  settings,
  repository,
  route,
}: {
  settings: ConnectionSettings;
  repository: string;
  route: WorkspaceRoute;
}) {
  const commits = useQuery(commitsQuery(settings, repository));
  const open = useOpenWorkspace();
  return (
    <div className="workspace-split">
      <section className="workspace-list" aria-label="Commits">
        <p className="workspace-summary" role="status">
          {commits.isPending
            ? 'Loading the commits…'
            : commits.isError
              ? `The commits could not be read. ${describeError(commits.error)}`
              : commits.data.commits.length === 0
                ? 'No commits yet.'
                : `${commits.data.commits.length}${commits.data.has_more ? '+' : ''} commits, newest first`}
        </p>
        <ul className="commit-list">
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
                  <code>{commit.short_sha}</code> · {commit.author} · {formatDate(commit.timestamp)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="workspace-detail" aria-label="Selected commit">
        {route.commit ? (
          <CommitFiles settings={settings} repository={repository} commit={route.commit} path={route.path} />
        ) : (
          commits.data &&
          commits.data.commits.length > 0 && (
            <p className="workspace-note">Choose a commit to see what it changed.</p>
          )
        )}
      </section>
    </div>
  );
}

function CommitFiles({
  settings,
  repository,
  commit,
  path,
}: {
  settings: ConnectionSettings;
  repository: string;
  commit: string;
  path: string | undefined;
}) {
  const changes = useQuery(commitChangesQuery(settings, repository, commit));
  const open = useOpenWorkspace();
  const selected = path ? changes.data?.find((c) => decodeGitPath(c.path) === path) : undefined;
  if (changes.isPending) return <p className="workspace-note">Loading the commit…</p>;
  if (changes.isError)
    return (
      <p className="workspace-note error" role="alert">
        The files of this commit could not be listed. {describeError(changes.error)}
      </p>
    );
  return (
    <>
      <ul className="changed-files" aria-label="Files the commit changed">
        {changes.data.map((change, index) => (
          <ChangedFile
            key={change.path}
            settings={settings}
            repository={repository}
            change={change}
            commit={commit}
            counted={index < COUNTED_FILES}
            selected={selected?.path === change.path}
            onSelect={() => open({ view: 'commits', commit, path: decodeGitPath(change.path) })}
          />
        ))}
      </ul>
      {selected && <FileDiff settings={settings} repository={repository} change={selected} commit={commit} />}
    </>
  );
}

function formatDate(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime())
    ? timestamp
    : date.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}
