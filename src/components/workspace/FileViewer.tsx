import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { describeError, httpStatus } from '../../agent-server/client';
import {
  FILE_VIEW_LIMIT,
  downloadWhole,
  fileContentQuery,
  fileDiffQuery,
  repositoryPath,
  type WorkspaceTarget,
} from '../../conversation/resources/workspace';
import type { DiffModel } from '../../conversation/workspace/diffModel';
import { fileName, isAbsolutePath, isImagePath, languageOf } from '../../conversation/workspace/gitPaths';
import { classifyBytes } from '../../conversation/workspace/fileContent';
import { DiffView } from '../diff/DiffView';
import { useT } from '../../i18n/i18n';
import { formatNumber } from '../../i18n/format';
import 'virtual:tether-english/workspace';

// A file's current content, as the server's download route gives it: highlighted text, an
// image, or — for anything else binary — a download. Only the first megabyte is read.

export function FileViewer({ workspace, path }: { workspace: WorkspaceTarget; path: string }) {
  const absolute = isAbsolutePath(path) ? path : repositoryPath(workspace.repository, path);
  return isAbsolutePath(absolute) ? (
    <DownloadedFile workspace={workspace} path={absolute} />
  ) : (
    <FileThroughGit workspace={workspace} path={path} />
  );
}

function DownloadedFile({ workspace, path }: { workspace: WorkspaceTarget; path: string }) {
  const t = useT();
  const file = useQuery(fileContentQuery(workspace, path));
  const content = useMemo(() => (file.data ? classifyBytes(file.data.bytes) : undefined), [file.data]);
  if (file.isPending)
    return <p className="workspace-note">{t('workspace.loadingFile', { name: fileName(path) })}</p>;
  if (file.isError)
    return (
      <p className="workspace-note error" role="alert">
        {httpStatus(file.error) === 404
          ? t('workspace.noFile', { path })
          : httpStatus(file.error) === 422
            ? // The conversation's own routes show only what is inside its working folder.
              t('workspace.outsideWorkspace', { path, folder: workspace.repository })
            : t('workspace.fileFailed', { name: fileName(path), problem: describeError(file.error) })}
      </p>
    );
  const truncated = file.data.truncated;
  return (
    <div className="file-view">
      <div className="file-view-bar">
        <span className="file-view-path">{path}</span>
        <DownloadButton workspace={workspace} path={path} />
      </div>
      {truncated && (
        <p className="workspace-note">
          {t('workspace.truncated', {
            size: formatNumber(FILE_VIEW_LIMIT / 1024 / 1024, { style: 'unit', unit: 'megabyte' }),
          })}
        </p>
      )}
      {content?.kind === 'binary' ? (
        isImagePath(path) && !truncated ? (
          <ImagePreview bytes={file.data.bytes} path={path} />
        ) : (
          <p className="workspace-note">{t('workspace.binaryFile', { count: content.size })}</p>
        )
      ) : (
        content && <TextContent text={content.text} path={path} />
      )}
    </div>
  );
}

/** A workspace folder the server resolves itself: the file's text comes through git instead. */
function FileThroughGit({ workspace, path }: { workspace: WorkspaceTarget; path: string }) {
  const t = useT();
  const diff = useQuery(fileDiffQuery(workspace, path, undefined));
  return (
    <div className="file-view">
      <p className="workspace-note">{t('workspace.relativeFolder', { folder: workspace.repository })}</p>
      {diff.isError && (
        <p className="workspace-note error" role="alert">
          {describeError(diff.error)}
        </p>
      )}
      {diff.data && <TextContent text={diff.data.modified ?? ''} path={path} />}
    </div>
  );
}

function TextContent({ text, path }: { text: string; path: string }) {
  const t = useT();
  const model = useMemo<DiffModel>(() => {
    const lines = text.replace(/\n$/, '').split('\n');
    return {
      kind: 'text',
      rows: lines.map((line, i) => ({ kind: 'same', text: line, oldNumber: i + 1, newNumber: i + 1 })),
      added: 0,
      removed: 0,
    };
  }, [text]);
  if (text === '') return <p className="workspace-note">{t('workspace.emptyFile')}</p>;
  return (
    <DiffView diff={model} language={languageOf(path)} label={t('workspace.contentOf', { path })} plain />
  );
}

function ImagePreview({ bytes, path }: { bytes: Uint8Array; path: string }) {
  const t = useT();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([bytes as BlobPart]));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [bytes]);
  return url ? (
    <img className="file-view-image" src={url} alt={t('workspace.imageAlt', { name: fileName(path) })} />
  ) : null;
}

export function DownloadButton({ workspace, path }: { workspace: WorkspaceTarget; path: string }) {
  const t = useT();
  const download = useMutation({
    mutationFn: () => downloadWhole(workspace, path),
    onSuccess: (blob) => {
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName(path);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
  return (
    <>
      <button type="button" onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? t('workspace.downloading') : t('workspace.download')}
      </button>
      {download.isError && (
        <span className="workspace-note error" role="alert">
          {t('workspace.downloadFailed', { problem: describeError(download.error) })}
        </span>
      )}
    </>
  );
}
