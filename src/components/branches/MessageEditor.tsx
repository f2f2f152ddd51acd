import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../agent-server/client';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/branches';

/** A message edited in place: sent as a new branch from the message before it. */
export function MessageEditor({
  text,
  images,
  onSend,
  onCancel,
}: {
  text: string;
  images: string[];
  onSend: (text: string, images: string[]) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(text);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    box.current?.focus();
    box.current?.select();
  }, []);
  const send = () => {
    if (!draft.trim() && images.length === 0) return;
    setSending(true);
    setProblem(undefined);
    onSend(draft, images).catch((error: unknown) => {
      setSending(false);
      setProblem(describeError(error));
    });
  };
  return (
    <form
      className="message-editor"
      data-closes-on-escape=""
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
          event.preventDefault();
          send();
        }
      }}
    >
      <label className="visually-hidden" htmlFor="message-editor-text">
        {t('branches.editedMessage')}
      </label>
      <textarea
        id="message-editor-text"
        ref={box}
        value={draft}
        rows={Math.min(8, Math.max(2, draft.split('\n').length))}
        onChange={(event) => setDraft(event.target.value)}
      />
      {images.length > 0 && <p className="editor-note">{t('branches.imagesGo', { count: images.length })}</p>}
      <p className="editor-note">{t('branches.editNote')}</p>
      {problem && (
        <p className="branch-problem" role="alert">
          {t('branches.notSent', { problem })}
        </p>
      )}
      <div className="editor-buttons">
        <button type="submit" disabled={sending || (!draft.trim() && images.length === 0)}>
          {sending ? t('branches.sending') : t('branches.sendEdited')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('branches.cancel')}
        </button>
      </div>
    </form>
  );
}
