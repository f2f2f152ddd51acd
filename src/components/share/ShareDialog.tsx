import 'virtual:tether-english/share';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';
import { browserSecrets } from '../../conversation/share/browserSecrets';
import { openConversationLog } from '../../conversation/controller/controllers';
import { exportFileName } from '../../conversation/export/exportConversation';
import {
  inlineImage,
  knownSecrets,
  prepareShare,
  type PreparedShare,
} from '../../conversation/share/prepareShare';
import { shareHtml } from '../../conversation/share/shareHtml';
import { markdownHtml } from './markdownHtml';
import { useLanguage, useT } from '../../i18n/i18n';
import { directionOf } from '../../i18n/locales';
import { formatList } from '../../i18n/format';
import { useModalDialog } from '../useModalDialog';
import { saveFile } from '../export/saveFile';
import '../export/export.css';

type Phase =
  | { kind: 'reading' }
  | { kind: 'ready'; prepared: PreparedShare; inlined: Map<string, string> }
  | { kind: 'written'; prepared: PreparedShare; inlined: Map<string, string>; name: string }
  | { kind: 'failed'; message: string };

/**
 * "Share a copy": reads the conversation, takes out what is secret, says what the file will hold
 * and what was taken out, and writes it only when asked.
 */
export default function ShareDialog({
  settings,
  conversation,
  onClose,
}: {
  settings: ConnectionSettings;
  conversation: { id: string; title: string };
  onClose: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const reading = useRef<AbortController | null>(null);
  const dialog = useModalDialog(() => {
    reading.current?.abort();
    onClose();
  });
  const [phase, setPhase] = useState<Phase>({ kind: 'reading' });
  const head = openConversationLog(settings.serverUrl, conversation.id)?.tree.head;

  const read = () => {
    const controller = new AbortController();
    reading.current = controller;
    setPhase({ kind: 'reading' });
    void (async () => {
      try {
        const known = await knownSecrets(
          settings,
          browserSecrets({ sessionKey: t('share.sessionKey'), modelKey: t('share.modelKey') }),
        );
        const prepared = await prepareShare(settings, conversation, head, known, controller.signal);
        const inlined = new Map<string, string>();
        for (const url of prepared.contents.linkedImages) {
          const data = await inlineImage(url);
          if (data) inlined.set(url, data);
        }
        if (!controller.signal.aborted) setPhase({ kind: 'ready', prepared, inlined });
      } catch (error) {
        if (!controller.signal.aborted) setPhase({ kind: 'failed', message: describeError(error) });
      }
    })();
  };
  // Read once, when the dialog opens; Try again reads again.
  const readRef = useRef(read);
  useEffect(() => {
    readRef.current();
    return () => reading.current?.abort();
  }, []);

  const write = (prepared: PreparedShare, inlined: Map<string, string>) => {
    const writtenAt = new Date();
    const html = shareHtml(
      {
        title: prepared.title,
        writtenAt,
        head,
        language,
        direction: directionOf(language),
        redactions: prepared.knownFound.reduce((sum, found) => sum + found.count, 0) + prepared.shapesFound,
        markdown: markdownHtml,
      },
      prepared.events,
      inlined,
    );
    const name = exportFileName(prepared.title, writtenAt, 'markdown').replace(/\.md$/, '.html');
    saveFile(name, new Blob([html], { type: 'text/html;charset=utf-8' }));
    setPhase({ kind: 'written', prepared, inlined, name });
  };

  return (
    <dialog ref={dialog} className="export-dialog share-dialog" aria-labelledby="share-title">
      <h2 id="share-title">{t('share.title', { title: conversation.title })}</h2>
      <p>{t('share.explain')}</p>
      {phase.kind === 'reading' && <p role="status">{t('share.reading')}</p>}
      {phase.kind === 'failed' && <p role="alert">{t('share.failed', { problem: phase.message })}</p>}
      {(phase.kind === 'ready' || phase.kind === 'written') && (
        <ShareSummary prepared={phase.prepared} inlined={phase.inlined} />
      )}
      {phase.kind === 'written' && <p role="status">{t('share.written', { name: phase.name })}</p>}
      <div className="form-actions">
        {phase.kind === 'failed' && (
          <button type="button" onClick={read}>
            {t('share.tryAgain')}
          </button>
        )}
        {(phase.kind === 'ready' || phase.kind === 'written') && (
          <button type="button" onClick={() => write(phase.prepared, phase.inlined)}>
            {t('share.write')}
          </button>
        )}
        <button type="button" onClick={() => dialog.current?.close()}>
          {t('share.close')}
        </button>
      </div>
    </dialog>
  );
}

function ShareSummary({ prepared, inlined }: { prepared: PreparedShare; inlined: Map<string, string> }) {
  const t = useT();
  const { contents, knownFound, shapesFound } = prepared;
  const leftOut = contents.linkedImages.filter((url) => !inlined.has(url)).length;
  return (
    <>
      <h3>{t('share.includes')}</h3>
      <p>
        {formatList([
          t('share.messages', { count: contents.messages }),
          t('share.steps', { count: contents.steps }),
          t('share.images', { count: contents.images - leftOut }),
        ])}
      </p>
      {leftOut > 0 && <p>{t('share.imagesLeftOut', { count: leftOut })}</p>}
      <h3>{t('share.removed')}</h3>
      {knownFound.length === 0 && shapesFound === 0 ? (
        <p>{t('share.nothingFound')}</p>
      ) : (
        <ul className="share-removed">
          {knownFound.map((found) => (
            <li key={found.name}>{t('share.knownFound', { name: found.name, count: found.count })}</li>
          ))}
          {shapesFound > 0 && <li>{t('share.shapesFound', { count: shapesFound })}</li>}
        </ul>
      )}
    </>
  );
}
