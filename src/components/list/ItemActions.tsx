import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { describeError } from '../../agent-server/client';
import type { ConversationInfo } from '../../agent-server/protocol';
import { useScopedServer } from '../servers/serverScope';
import { forgetEventLog } from '../../conversation/eventLog';
import { deleteConversation, renameConversation } from '../../conversation/resources/conversations';
import { LIST_HEADING } from './listHeading';

// A list row's Rename and Delete: shown on the open row and on a row pointed at, so they load
// in the first idle moment after the list is drawn, not before it.

/** The row's title as a form: Save renames it on the server, Esc or Cancel leave it as it was. */
export function RenameForm({
  conversation,
  title,
  onDone,
}: {
  conversation: ConversationInfo;
  title: string;
  onDone: () => void;
}) {
  const settings = useScopedServer();
  const queryClient = useQueryClient();
  const rename = useMutation({
    mutationFn: (newTitle: string) => renameConversation(queryClient, settings, conversation.id, newTitle),
    onSuccess: onDone,
  });
  return (
    <form
      className="rename-form"
      onKeyDown={(event) => {
        // Esc leaves the field, and only the field: it is not a Stop for the agent.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onDone();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get('title');
        const newTitle = typeof value === 'string' ? value.trim() : '';
        if (newTitle) rename.mutate(newTitle);
      }}
    >
      <label>
        New title
        <input name="title" defaultValue={conversation.title ?? title} maxLength={200} autoFocus required />
      </label>
      <button type="submit" disabled={rename.isPending}>
        Save
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      {rename.error && <p role="alert">{describeError(rename.error)}</p>}
    </form>
  );
}

/** Rename and Delete buttons, and the dialog Delete asks in. */
export function RowActions({
  conversation,
  title,
  selected,
  onRename,
}: {
  conversation: ConversationInfo;
  title: string;
  selected: boolean;
  onRename: () => void;
}) {
  const settings = useScopedServer();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useMutation({
    mutationFn: () => deleteConversation(queryClient, settings, conversation.id),
    onSuccess: () => {
      dialog.current?.close();
      forgetEventLog(settings.serverUrl, conversation.id);
      if (selected) navigate('/');
      document.getElementById(LIST_HEADING)?.focus();
    },
  });
  return (
    <>
      <div className="item-actions">
        <button type="button" onClick={onRename} aria-label={`Rename “${title}”`} title="Rename">
          <span aria-hidden="true">✎</span>
        </button>
        <button
          type="button"
          onClick={() => dialog.current?.showModal()}
          aria-label={`Delete “${title}”`}
          title="Delete"
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <dialog ref={dialog} aria-labelledby={`delete-${conversation.id}`}>
        <p id={`delete-${conversation.id}`}>
          Delete “{title}”? Its history is removed from the server for good.
        </p>
        {remove.error && <p role="alert">{describeError(remove.error)}</p>}
        <div className="dialog-actions">
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button
            type="button"
            className="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Delete conversation
          </button>
        </div>
      </dialog>
    </>
  );
}

/**
 * Both, behind one loader: once the buttons are drawn the form is ready too, so the form shows
 * at once when Rename is clicked (a second loader would leave a frame with neither, and a key
 * pressed then would land nowhere).
 */
export default function ItemActions(
  props:
    | ({ part: 'rename' } & Parameters<typeof RenameForm>[0])
    | ({ part: 'buttons' } & Parameters<typeof RowActions>[0]),
) {
  return props.part === 'rename' ? <RenameForm {...props} /> : <RowActions {...props} />;
}
