import { useMemo } from 'react';
import { editFromAction, editFromObservation } from '../../conversation/workspace/editPreview';
import { languageOf } from '../../conversation/workspace/gitPaths';
import { DiffView } from './DiffView';
import { useOpenWorkspace } from '../workspaceRoute';

// The diff of a file-editor call inside its card (a lazy chunk: the diff library is not needed
// on the first screen). The result's whole-file texts when it is there, else the action's own
// strings — so a call waiting for approval shows what it will do.

export default function EditDiff({ action, observation }: { action: unknown; observation: unknown }) {
  const preview = useMemo(
    () => editFromObservation(observation) ?? editFromAction(action),
    [action, observation],
  );
  const openWorkspace = useOpenWorkspace();
  if (!preview) return null;
  return (
    <div className="edit-diff">
      <div className="edit-diff-header">
        {preview.note && <span className="edit-diff-note">{preview.note}</span>}
        {preview.diff.kind === 'text' && (
          <span
            className="diff-counts"
            aria-label={`${preview.diff.added} lines added, ${preview.diff.removed} removed`}
          >
            <span className="diff-count-add">+{preview.diff.added}</span>{' '}
            <span className="diff-count-del">−{preview.diff.removed}</span>
          </span>
        )}
        {preview.path && (
          <button
            type="button"
            className="link-button edit-diff-open"
            onClick={() => openWorkspace({ view: 'changes', path: preview.path })}
          >
            {preview.path}
          </button>
        )}
      </div>
      <DiffView
        diff={preview.diff}
        language={languageOf(preview.path)}
        numbered={preview.numbered}
        label={`Changes to ${preview.path}`}
      />
    </div>
  );
}
