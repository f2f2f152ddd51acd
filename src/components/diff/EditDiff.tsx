import { useMemo } from 'react';
import { editFromAction, editFromObservation, type EditNote } from '../../conversation/workspace/editPreview';
import { t, useT, type MessageId } from '../../i18n/i18n';
import 'virtual:tether-english/diff';
import { languageOf } from '../../conversation/workspace/gitPaths';
import { insideFolder } from '../../conversation/workspace/insideFolder';
import { useReviewScope } from '../review/reviewScope';
import { DiffView } from './DiffView';
import { useOpenWorkspace } from '../workspaceRoute';

// The diff of a file-editor call inside its card (a lazy chunk: the diff library is not needed
// on the first screen). The result's whole-file texts when it is there, else the action's own
// strings — so a call waiting for approval shows what it will do.

const NOTES: Record<Exclude<EditNote['kind'], 'insert-after'>, MessageId> = {
  'new-file': 'diff.note.newFile',
  create: 'diff.note.create',
  replace: 'diff.note.replace',
  insert: 'diff.note.insert',
  'insert-top': 'diff.note.insertTop',
  undo: 'diff.note.undo',
};

const noteWords = (note: EditNote): string =>
  note.kind === 'insert-after' ? t('diff.note.insertAfter', { line: note.line }) : t(NOTES[note.kind]);

export default function EditDiff({
  action,
  observation,
  eventId,
}: {
  action: unknown;
  observation: unknown;
  /** The result's event, when the call has one. */
  eventId?: string;
}) {
  useT();
  const scope = useReviewScope();
  const preview = useMemo(
    () => editFromObservation(observation) ?? editFromAction(action),
    [action, observation],
  );
  const openWorkspace = useOpenWorkspace();
  if (!preview) return null;
  return (
    <div className="edit-diff">
      <div className="edit-diff-header">
        {preview.note && <span className="edit-diff-note">{noteWords(preview.note)}</span>}
        {preview.diff.kind === 'text' && (
          <span
            className="diff-counts"
            aria-label={t('diff.counts', { added: preview.diff.added, removed: preview.diff.removed })}
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
        label={t('diff.changesTo', { path: preview.path })}
        {...(scope && preview.after !== undefined && preview.path
          ? {
              commentOn: {
                path: preview.path,
                shownPath: scope.workspace
                  ? insideFolder(scope.workspace.repository, preview.path)
                  : preview.path,
                shownText: preview.after,
                ...(eventId ? { sourceEventId: eventId } : {}),
              },
            }
          : {})}
      />
    </div>
  );
}
