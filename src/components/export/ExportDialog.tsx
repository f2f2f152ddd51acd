import { openConversationLog } from '../../conversation/controller/controllers';
import { useRef, useState } from 'react';
import { useModalDialog } from '../useModalDialog';
import { saveFile } from './saveFile';
import './export.css';
import { describeError } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';
import {
  ExportCancelled,
  exportConversation,
  type ExportFormat,
  type ExportProgress,
} from '../../conversation/export/exportConversation';
import { useT } from '../../i18n/i18n';
import { formatNumber } from '../../i18n/format';
import { browserSecrets } from '../../conversation/share/browserSecrets';
import { knownSecrets } from '../../conversation/share/prepareShare';
import 'virtual:tether-english/export';
import 'virtual:tether-english/share';

type Phase =
  | { kind: 'choosing' }
  | { kind: 'reading'; progress: ExportProgress }
  | { kind: 'saved'; name: string; events: number; redactions: number }
  | { kind: 'failed'; message: string };

/**
 * Export as a modal dialog: pick Markdown or JSON, watch every page being read (with Cancel),
 * and the file is saved under a name made from the title and the day.
 */
export default function ExportDialog({
  settings,
  conversation,
  onClose,
}: {
  settings: ConnectionSettings;
  conversation: { id: string; title: string };
  onClose: () => void;
}) {
  const t = useT();
  const reading = useRef<AbortController | null>(null);
  // Esc (the dialog's cancel) or Close: a read under way stops with the dialog.
  const dialog = useModalDialog(() => {
    reading.current?.abort();
    onClose();
  });
  const [format, setFormat] = useState<ExportFormat>('markdown');
  const [phase, setPhase] = useState<Phase>({ kind: 'choosing' });

  const start = async () => {
    const controller = new AbortController();
    reading.current = controller;
    setPhase({ kind: 'reading', progress: { read: 0, total: undefined } });
    try {
      // The Markdown is the conversation as the screen shows it: the branch HEAD is on.
      const head = openConversationLog(settings.serverUrl, conversation.id)?.tree.head;
      const known = await knownSecrets(
        settings,
        browserSecrets({ sessionKey: t('share.sessionKey'), modelKey: t('share.modelKey') }),
      );
      const file = await exportConversation(settings, { ...conversation, head }, format, {
        signal: controller.signal,
        onProgress: (progress) => setPhase({ kind: 'reading', progress }),
        known,
      });
      saveFile(file.name, file.blob);
      setPhase({ kind: 'saved', name: file.name, events: file.events, redactions: file.redactions });
    } catch (error) {
      if (error instanceof ExportCancelled) setPhase({ kind: 'choosing' });
      else setPhase({ kind: 'failed', message: describeError(error) });
    } finally {
      if (reading.current === controller) reading.current = null;
    }
  };

  return (
    <dialog ref={dialog} className="export-dialog" aria-labelledby="export-title">
      <h2 id="export-title">{t('export.title', { title: conversation.title })}</h2>
      {phase.kind === 'reading' ? (
        <div className="export-progress">
          <label htmlFor="export-progress-bar">
            {phase.progress.total === undefined
              ? t('export.read', { count: phase.progress.read })
              : t('export.readOf', { read: formatNumber(phase.progress.read), count: phase.progress.total })}
          </label>
          <progress
            id="export-progress-bar"
            value={phase.progress.read}
            {...(phase.progress.total !== undefined ? { max: Math.max(phase.progress.total, 1) } : {})}
          />
          <button type="button" onClick={() => reading.current?.abort()}>
            {t('export.cancel')}
          </button>
        </div>
      ) : (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
        >
          <fieldset>
            <legend>{t('export.format')}</legend>
            <label>
              <input
                type="radio"
                name="format"
                value="markdown"
                checked={format === 'markdown'}
                onChange={() => setFormat('markdown')}
              />
              {t('export.markdown')}
            </label>
            <label>
              <input
                type="radio"
                name="format"
                value="json"
                checked={format === 'json'}
                onChange={() => setFormat('json')}
              />
              {t('export.json')}
            </label>
          </fieldset>
          {format === 'json' && (
            <p className="export-warning" id="export-json-warning">
              {t('export.jsonWarning')}
            </p>
          )}
          {phase.kind === 'saved' && (
            <div role="status">
              <p>{t('export.saved', { name: phase.name, count: phase.events })}</p>
              {phase.redactions > 0 && <p>{t('export.redacted', { count: phase.redactions })}</p>}
            </div>
          )}
          {phase.kind === 'failed' && <p role="alert">{t('export.failed', { problem: phase.message })}</p>}
          <div className="form-actions">
            <button type="submit">
              {phase.kind === 'failed' ? t('export.tryAgain') : t('export.export')}
            </button>
            <button type="button" onClick={() => dialog.current?.close()}>
              {t('export.close')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
