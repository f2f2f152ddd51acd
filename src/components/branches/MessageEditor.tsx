import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../agent-server/client';

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
        Edited message
      </label>
      <textarea
        id="message-editor-text"
        ref={box}
        value={draft}
        rows={Math.min(8, Math.max(2, draft.split('\n').length))}
        onChange={(event) => setDraft(event.target.value)}
      />
      {images.length > 0 && (
        <p className="editor-note">
          {images.length === 1 ? 'Its image goes with it.' : `Its ${images.length} images go with it.`}
        </p>
      )}
      <p className="editor-note">
        Sending starts a new branch from here; the earlier one stays a click away. Files in the workspace are
        not rewound.
      </p>
      {problem && (
        <p className="branch-problem" role="alert">
          Not sent: {problem}
        </p>
      )}
      <div className="editor-buttons">
        <button type="submit" disabled={sending || (!draft.trim() && images.length === 0)}>
          {sending ? 'Sending…' : 'Send edited message'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
