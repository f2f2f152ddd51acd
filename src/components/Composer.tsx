import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ConversationSession } from '../conversation/liveSession';
import { canSend, sendBlockedReason } from '../conversation/composerRules';

const draftKey = (serverUrl: string, conversationId: string) => `tether.draft:${serverUrl}:${conversationId}`;

export function Composer({ session, serverUrl }: { session: ConversationSession; serverUrl: string }) {
  const key = draftKey(serverUrl, session.conversationId);
  const [draft, setDraft] = useState(() => localStorage.getItem(key) ?? '');
  const status = useStore(session.live, (s) => s.status);
  const connection = useStore(session.live, (s) => s.connection);
  const blocked = sendBlockedReason(status, connection);

  // The draft survives a reload; an empty one leaves nothing behind.
  useEffect(() => {
    if (draft) localStorage.setItem(key, draft);
    else localStorage.removeItem(key);
  }, [key, draft]);

  const submit = () => {
    if (!canSend(draft, status, connection)) return;
    const text = draft.trim();
    setDraft('');
    void session.send(text);
  };

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {blocked && (
        <p className="composer-blocked" role="status">
          {blocked}
        </p>
      )}
      <label className="visually-hidden" htmlFor="composer-input">
        Message to the agent
      </label>
      <textarea
        id="composer-input"
        value={draft}
        rows={2}
        placeholder={status === 'running' ? 'Add something while the agent works…' : 'Message the agent…'}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <button type="submit" disabled={!canSend(draft, status, connection)}>
        Send
      </button>
    </form>
  );
}
