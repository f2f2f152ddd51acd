import { memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { ConnectionSettings } from '../agent-server/servers';
import type { LiveSession } from '../conversation/session/sessionHandle';
import { canSend, sendBlockedReason } from '../conversation/composerRules';
import { useT } from '../i18n/i18n';
import { useAttachments } from './attachments/useAttachments';
import { lazyPart } from './boundaries/lazyPart';

// Shown only once something is attached: not part of the first screen.
const AttachmentTray = lazyPart(() => import('./attachments/AttachmentTray'));

const draftKey = (serverUrl: string, conversationId: string) => `tether.draft:${serverUrl}:${conversationId}`;

/** Drawn again only when its own props change: it reads the live state it needs itself. */
export const Composer = memo(function Composer({
  session,
  settings,
  workingDir,
}: {
  session: LiveSession;
  settings: ConnectionSettings;
  workingDir: string | undefined;
}) {
  const key = draftKey(settings.serverUrl, session.conversationId);
  const [draft, setDraft] = useState(() => localStorage.getItem(key) ?? '');
  const [dropping, setDropping] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const status = useStore(session.live, (s) => s.status);
  const t = useT();
  const connection = useStore(session.live, (s) => s.connection);
  const insertPath = useCallback(
    (path: string) => setDraft((text) => `${text}${text && !text.endsWith('\n') ? '\n' : ''}${path}`),
    [],
  );
  const attachments = useAttachments(settings, session.conversationId, workingDir, insertPath);
  const uploading = attachments.uploads.some((u) => u.state === 'uploading');
  const preparing = attachments.preparing > 0;
  // Send was pressed while an image was still being read: the message goes once it is ready.
  const [sendWhenReady, setSendWhenReady] = useState(false);
  const blocked =
    sendBlockedReason(status, connection) ??
    (uploading ? t('composer.waitsForUpload') : undefined) ??
    (sendWhenReady ? t('composer.preparingImage') : undefined);
  const sendable =
    !uploading &&
    !sendWhenReady &&
    canSend(draft, status, connection, attachments.images.length + attachments.preparing);

  // Arriving from "Start conversation": focus is here, once.
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const state: unknown = window.history.state;
    if (!state || typeof state !== 'object' || !('focusComposer' in state)) return;
    input.current?.focus();
    window.history.replaceState(null, '');
  }, []);

  // The draft survives a reload; an empty one leaves nothing behind.
  useEffect(() => {
    if (draft) localStorage.setItem(key, draft);
    else localStorage.removeItem(key);
  }, [key, draft]);

  const submit = () => {
    if (!sendable) return;
    if (preparing) {
      setSendWhenReady(true);
      return;
    }
    send();
  };
  const send = () => {
    const text = draft.trim();
    const images = attachments.takeImages();
    setDraft('');
    void session.commands.send(text, images);
  };

  // Everything attached is ready: the waiting message goes, unless something was refused or an
  // upload failed, which the tray now says; then the draft stays for the person to decide.
  const sendNow = useRef(send);
  sendNow.current = send;
  const attachmentFailed =
    attachments.notices.length > 0 || attachments.uploads.some((u) => u.state === 'failed');
  useEffect(() => {
    if (!sendWhenReady || preparing || uploading) return;
    setSendWhenReady(false);
    if (!attachmentFailed) sendNow.current();
  }, [sendWhenReady, preparing, uploading, attachmentFailed]);

  return (
    <form
      className={`composer${dropping ? ' dropping' : ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(event) => {
        if (event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        setDropping(false);
        void attachments.add([...event.dataTransfer.files]);
      }}
    >
      {blocked && (
        <p className="composer-blocked" role="status">
          {blocked}
        </p>
      )}
      {(attachments.images.length > 0 ||
        attachments.uploads.length > 0 ||
        attachments.notices.length > 0) && (
        <Suspense fallback={null}>
          <AttachmentTray
            images={attachments.images}
            uploads={attachments.uploads}
            notices={attachments.notices}
            onRemoveImage={attachments.removeImage}
            onRetryUpload={attachments.retryUpload}
            onCancelUpload={attachments.cancelUpload}
          />
        </Suspense>
      )}
      <div className="composer-row">
        <label className="visually-hidden" htmlFor="composer-input">
          {t('composer.label')}
        </label>
        <textarea
          ref={input}
          id="composer-input"
          value={draft}
          rows={2}
          placeholder={status === 'running' ? t('composer.placeholderRunning') : t('composer.placeholder')}
          onChange={(event) => setDraft(event.target.value)}
          onPaste={(event) => {
            const files = [...event.clipboardData.files];
            if (files.length === 0) return;
            event.preventDefault();
            void attachments.add(files);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-label={t('composer.files')}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void attachments.add(files);
          }}
        />
        <button type="button" className="attach" onClick={() => fileInput.current?.click()}>
          {t('composer.attach')}
        </button>
        <button type="submit" className="primary" disabled={!sendable}>
          {t('composer.send')}
        </button>
      </div>
    </form>
  );
});
