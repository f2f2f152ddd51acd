import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import type { GitChange } from '../../agent-server/workspace';
import { fileDiffQuery, repositoryPath, type WorkspaceTarget } from '../../conversation/resources/workspace';
import { decodeGitPath, languageOf } from '../../conversation/workspace/gitPaths';
import { DiffView, type DiffLayout } from '../diff/DiffView';
import { useDiffModel } from '../diff/useDiffModel';
import { useOpenWorkspace } from '../workspaceRoute';
import { DownloadButton, FileViewer } from './FileViewer';

// A changed file as a row of a list (status, path, line counts) and as a diff, in the working
// tree or in a commit.

export const STATUS_WORDS: Record<GitChange['status'], string> = {
  ADDED: 'Added',
  UPDATED: 'Modified',
  DELETED: 'Deleted',
  MOVED: 'Renamed',
};

/** Per-file line counts are worked out for this many files; a huge change set lists the rest plainly. */
export const COUNTED_FILES = 60;

export function ChangedFile({
  workspace,
  change,
  counted,
  selected,
  onSelect,
  commit,
}: {
  workspace: WorkspaceTarget;
  change: GitChange;
  counted: boolean;
  selected: boolean;
  onSelect: () => void;
  commit?: string;
}) {
  const path = decodeGitPath(change.path);
  const diff = useQuery({
    ...fileDiffQuery(workspace, path, commit, change.status === 'DELETED'),
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

export function FileDiff({
  workspace,
  change,
  commit,
}: {
  workspace: WorkspaceTarget;
  change: GitChange;
  commit?: string;
}) {
  const path = decodeGitPath(change.path);
  const diff = useQuery(fileDiffQuery(workspace, path, commit, change.status === 'DELETED'));
  const model = useDiffModel(diff.data?.original ?? undefined, diff.data?.modified ?? undefined);
  const [layout, setLayout] = useState<DiffLayout>(() =>
    localStorage.getItem(LAYOUT_KEY) === 'split' ? 'split' : 'unified',
  );
  const open = useOpenWorkspace();
  const full = repositoryPath(workspace.repository, path);
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
        {change.status !== 'DELETED' && !commit && <DownloadButton workspace={workspace} path={full} />}
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
          <FileViewer workspace={workspace} path={full} />
        </>
      )}
    </div>
  );
}
