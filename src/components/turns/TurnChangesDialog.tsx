import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import type { WorkspaceTarget } from '../../conversation/resources/workspace';
import { noteInConversation, putBack } from '../../conversation/resources/turnRestore';
import { readFileTexts } from '../../conversation/resources/fileTexts';
import { restorePlan, type RestorePlan } from '../../conversation/turns/restorePlan';
import type { TurnChanges, TurnFileChange } from '../../conversation/turns/turnChanges';
import { computeDiff } from '../../conversation/workspace/diffModel';
import { languageOf } from '../../conversation/workspace/gitPaths';
import { insideFolder } from '../../conversation/workspace/insideFolder';
import { formatList } from '../../i18n/format';
import { useT } from '../../i18n/i18n';
import { DiffView } from '../diff/DiffView';
import { useModalDialog } from '../useModalDialog';
import './turns.css';
import 'virtual:tether-english/turns';

type Stage =
  | { kind: 'changes' }
  | { kind: 'reading' }
  | { kind: 'confirm'; plan: RestorePlan }
  | { kind: 'putting'; plan: RestorePlan }
  | { kind: 'done'; count: number; notAsBefore: string[] }
  | { kind: 'failed'; reason: string };

/**
 * A path as the person knows it: inside the workspace, relative to it. The file editor names
 * files absolutely; a working_dir given relative (to the server's own folder) is found inside.
 */
const shown = (workspace: WorkspaceTarget, path: string) => insideFolder(workspace.repository, path);

/** A file's section is named by its path (a name, the same in every language). */
const pathId = (path: string) => `turn-file-${encodeURIComponent(path)}`;

/**
 * What one turn of the agent changed, file by file, and putting it back: the exact reverse of
 * each file still as the turn left it is shown and confirmed first, and only those files are
 * written. The conversation gets a note of what was put back, for the agent to read.
 */
export default function TurnChangesDialog({
  workspace,
  changes,
  onClose,
}: {
  workspace: WorkspaceTarget;
  changes: TurnChanges;
  onClose: () => void;
}) {
  const t = useT();
  const dialog = useModalDialog(onClose);
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'changes' });

  const askToPutBack = async () => {
    setStage({ kind: 'reading' });
    try {
      const now = await readFileTexts(
        workspace,
        changes.files.map((file) => file.path),
      );
      setStage({ kind: 'confirm', plan: restorePlan(changes.files, now) });
    } catch (error) {
      setStage({ kind: 'failed', reason: describeError(error) });
    }
  };
  const confirm = async (plan: RestorePlan) => {
    setStage({ kind: 'putting', plan });
    try {
      const notAsBefore = await putBack(queryClient, workspace, plan.steps);
      const done = plan.steps.map((step) => step.path).filter((path) => !notAsBefore.includes(path));
      if (done.length > 0)
        await noteInConversation(
          workspace,
          t('turns.note', { files: formatList(done.map((path) => shown(workspace, path))) }),
        );
      setStage({ kind: 'done', count: done.length, notAsBefore });
    } catch (error) {
      setStage({ kind: 'failed', reason: describeError(error) });
    }
  };

  return (
    <dialog ref={dialog} className="turn-changes" aria-labelledby="turn-changes-title">
      <h2 id="turn-changes-title">
        {stage.kind === 'confirm' || stage.kind === 'putting' ? t('turns.confirmTitle') : t('turns.title')}
      </h2>
      {(stage.kind === 'changes' || stage.kind === 'reading') && (
        <>
          {changes.files.map((file) => (
            <FileDiff key={file.path} workspace={workspace} file={file} />
          ))}
          {changes.commands > 0 && <p className="hint">{t('turns.commands', { count: changes.commands })}</p>}
          {changes.unreported.length > 0 && (
            <p className="hint">
              {t('turns.unreported', {
                files: formatList(changes.unreported.map((path) => shown(workspace, path))),
              })}
            </p>
          )}
        </>
      )}
      {(stage.kind === 'confirm' || stage.kind === 'putting') && (
        <>
          <p>{t('turns.confirmExplain')}</p>
          {stage.plan.steps.map((step) => (
            <section key={step.path} className="turn-file" aria-labelledby={pathId(step.path)}>
              <h3>
                <span className="turn-file-path" id={pathId(step.path)}>
                  {shown(workspace, step.path)}
                </span>
              </h3>
              {step.kind === 'remove' && <p className="turn-file-note">{t('turns.willRemove')}</p>}
              <DiffView
                diff={computeDiff(step.now, step.kind === 'write' ? step.text : '')}
                language={languageOf(step.path)}
                numbered
                label={t('turns.reverseLabel', { path: shown(workspace, step.path) })}
              />
            </section>
          ))}
          {stage.plan.skipped.map((skip) => (
            <p key={skip.path} className="hint">
              {skip.why === 'changed'
                ? t('turns.skippedChanged', { path: shown(workspace, skip.path) })
                : t('turns.skippedGone', { path: shown(workspace, skip.path) })}
            </p>
          ))}
          {stage.plan.steps.length === 0 && <p role="status">{t('turns.nothingToPutBack')}</p>}
        </>
      )}
      {stage.kind === 'reading' && <p role="status">{t('turns.reading')}</p>}
      {stage.kind === 'putting' && <p role="status">{t('turns.putting')}</p>}
      {stage.kind === 'done' && (
        <>
          <p role="status">{t('turns.done', { count: stage.count })}</p>
          {stage.notAsBefore.length > 0 && (
            <p role="alert">
              {t('turns.notAsBefore', {
                files: formatList(stage.notAsBefore.map((path) => shown(workspace, path))),
              })}
            </p>
          )}
        </>
      )}
      {stage.kind === 'failed' && <p role="alert">{t('turns.failed', { reason: stage.reason })}</p>}
      <div className="form-actions">
        {(stage.kind === 'changes' || stage.kind === 'reading') && changes.files.length > 0 && (
          <button type="button" disabled={stage.kind === 'reading'} onClick={() => void askToPutBack()}>
            {t('turns.putBack')}
          </button>
        )}
        {(stage.kind === 'confirm' || stage.kind === 'putting') && stage.plan.steps.length > 0 && (
          <button
            type="button"
            className="danger"
            disabled={stage.kind === 'putting'}
            onClick={() => void confirm(stage.plan)}
          >
            {t('turns.confirm', { count: stage.plan.steps.length })}
          </button>
        )}
        <button type="button" onClick={() => dialog.current?.close()}>
          {stage.kind === 'confirm' ? t('turns.cancel') : t('turns.close')}
        </button>
      </div>
    </dialog>
  );
}

function FileDiff({ workspace, file }: { workspace: WorkspaceTarget; file: TurnFileChange }) {
  const t = useT();
  const diff = useMemo(() => computeDiff(file.before ?? '', file.after), [file]);
  const path = shown(workspace, file.path);
  return (
    <section className="turn-file" aria-labelledby={pathId(file.path)}>
      <h3>
        <span className="turn-file-path" id={pathId(file.path)}>
          {path}
        </span>{' '}
        <span className="turn-file-note">
          {file.before === null ? t('turns.created') : t('turns.edits', { count: file.edits })}
        </span>
      </h3>
      <DiffView
        diff={diff}
        language={languageOf(file.path)}
        numbered
        label={t('turns.diffLabel', { path })}
        commentOn={{ path: file.path, shownPath: path, shownText: file.after, sourceEventId: file.eventId }}
      />
    </section>
  );
}
