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
import { FileComments, useFileComments } from '../review/FileComments';
import { t, useT, type MessageId } from '../../i18n/i18n';
import 'virtual:tether-english/workspace';

// A changed file as a row of a list (status, path, line counts) and as a diff, in the working
// tree or in a commit.

const STATUS_WORDS: Record<GitChange['status'], MessageId> = {
  ADDED: 'workspace.status.added',
  UPDATED: 'workspace.status.modified',
  DELETED: 'workspace.status.deleted',
  MOVED: 'workspace.status.renamed',
};

/** A change's kind in words; a kind the server adds later is shown as it names it. */
const statusWords = (status: GitChange['status']): string =>
  status in STATUS_WORDS ? t(STATUS_WORDS[status]) : status;

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
  const t = useT();
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
        <span className="change-status">{statusWords(change.status)}</span>
        <span className="change-path" title={path}>
          {path}
        </span>
        {model?.kind === 'text' && (
          <span
            className="diff-counts"
            aria-label={t('workspace.lineCounts', { added: model.added, removed: model.removed })}
          >
            <span className="diff-count-add">+{model.added}</span>{' '}
            <span className="diff-count-del">−{model.removed}</span>
          </span>
        )}
        {diff.isError && <span className="diff-counts">{t('workspace.noDiff')}</span>}
        {(model?.kind === 'binary' ||
          (model?.kind === 'identical' && change.status === 'ADDED' && diff.data?.modified === '')) && (
          <span className="diff-counts">
            {model.kind === 'binary' ? t('workspace.binary') : t('workspace.binaryOrEmpty')}
          </span>
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
  const t = useT();
  const path = decodeGitPath(change.path);
  const diff = useQuery(fileDiffQuery(workspace, path, commit, change.status === 'DELETED'));
  const model = useDiffModel(diff.data?.original ?? undefined, diff.data?.modified ?? undefined);
  const [layout, setLayout] = useState<DiffLayout>(() =>
    localStorage.getItem(LAYOUT_KEY) === 'split' ? 'split' : 'unified',
  );
  const open = useOpenWorkspace();
  const full = repositoryPath(workspace.repository, path);
  // The working tree's diff takes review comments; a commit's is history, already settled.
  const modified = commit || change.status === 'DELETED' ? undefined : (diff.data?.modified ?? undefined);
  const review = useFileComments(full, modified);
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
        <span className="change-status">{statusWords(change.status)}</span>
        <div role="group" aria-label={t('workspace.diffLayout')} className="segmented">
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
              {value === 'unified' ? t('workspace.unified') : t('workspace.split')}
            </button>
          ))}
        </div>
        {change.status !== 'DELETED' && !commit && (
          <button type="button" onClick={() => open({ view: 'file', path: full })}>
            {t('workspace.viewFile')}
          </button>
        )}
        {change.status !== 'DELETED' && !commit && <DownloadButton workspace={workspace} path={full} />}
      </div>
      {diff.isPending && <p className="workspace-note">{t('workspace.loadingDiff')}</p>}
      {diff.isError && (
        <p className="workspace-note error" role="alert">
          {t('workspace.diffFailed', { path, problem: describeError(diff.error) })}
        </p>
      )}
      {diff.data && diff.data.original === null && diff.data.modified === null && (
        <p className="workspace-note">{t('workspace.outsideRepository', { path })}</p>
      )}
      {diff.data && diff.data.original !== null && !model && (
        <p className="workspace-note">{t('workspace.workingOutDiff')}</p>
      )}
      <FileComments items={review.items} />
      {model && !(binaryNow && model.kind === 'identical') && (
        <DiffView
          diff={model}
          language={languageOf(path)}
          layout={layout}
          label={t('workspace.diffOf', { path })}
          {...(modified !== undefined && !binaryNow
            ? {
                commentOn: { path: full, shownPath: path, shownText: modified },
                commented: review.commented,
              }
            : {})}
        />
      )}
      {binaryNow && (
        <>
          <p className="workspace-note">
            {model?.kind === 'identical' ? t('workspace.noTextNow') : t('workspace.contentNow')}
          </p>
          <FileViewer workspace={workspace} path={full} />
        </>
      )}
    </div>
  );
}
