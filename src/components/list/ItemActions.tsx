import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { ConversationInfo } from '../../agent-server/protocol';
import { useScopedServer } from '../servers/serverScope';
import { deleteConversation, renameConversation } from '../../conversation/resources/conversationWrites';
import { LIST_HEADING } from './listHeading';
import { useModalDialog } from '../useModalDialog';
import { useT } from '../../i18n/i18n';
import { clearProblem, useReportingMutation } from '../problems/commandProblems';
import { ProblemAlert } from '../problems/ProblemAlert';
import 'virtual:tether-english/itemActions';

/** Where a row's commands are said to have failed: the row's form or dialog. */
const placeOf = (serverUrl: string, id: string, command: 'rename' | 'delete') =>
  `${command} ${serverUrl} ${id}`;

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
  const t = useT();
  const place = placeOf(settings.serverUrl, conversation.id, 'rename');
  const rename = useReportingMutation(place, () => ({ action: 'rename', subject: title }), {
    mutationFn: (newTitle: string) => renameConversation(queryClient, settings, conversation.id, newTitle),
    onSuccess: onDone,
  });
  // Left without saving: what went wrong is not said again the next time the form opens.
  const leave = () => {
    clearProblem(place);
    onDone();
  };
  return (
    <form
      className="rename-form"
      onKeyDown={(event) => {
        // Esc leaves the field, and only the field: it is not a Stop for the agent.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        leave();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get('title');
        const newTitle = typeof value === 'string' ? value.trim() : '';
        if (newTitle) rename.mutate(newTitle);
      }}
    >
      <label>
        {t('itemActions.newTitle')}
        <input name="title" defaultValue={conversation.title ?? title} maxLength={200} autoFocus required />
      </label>
      <button type="submit" disabled={rename.isPending}>
        {t('itemActions.save')}
      </button>
      <button type="button" onClick={leave}>
        {t('itemActions.cancel')}
      </button>
      <ProblemAlert place={place} />
    </form>
  );
}

/**
 * Rename and Delete buttons, and the dialog Delete asks in: drawn only while it asks (a closed
 * dialog in each of twenty rows was a hundred elements on every screen with the list).
 */
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
  const t = useT();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <div className="item-actions">
        <button
          type="button"
          onClick={onRename}
          aria-label={t('itemActions.renameNamed', { title })}
          title={t('itemActions.rename')}
        >
          <span aria-hidden="true">✎</span>
        </button>
        <button
          type="button"
          onClick={() => setAsking(true)}
          aria-label={t('itemActions.deleteNamed', { title })}
          title={t('itemActions.delete')}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      {asking && (
        <DeleteDialog
          conversation={conversation}
          title={title}
          selected={selected}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

function DeleteDialog({
  conversation,
  title,
  selected,
  onClose,
}: {
  conversation: ConversationInfo;
  title: string;
  selected: boolean;
  onClose: () => void;
}) {
  const settings = useScopedServer();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const t = useT();
  const dialog = useModalDialog(onClose);
  const place = placeOf(settings.serverUrl, conversation.id, 'delete');
  const remove = useReportingMutation(place, () => ({ action: 'delete', subject: title }), {
    mutationFn: () => deleteConversation(queryClient, settings, conversation.id),
    onSuccess: () => {
      dialog.current?.close();
      if (selected) navigate('/');
      document.getElementById(LIST_HEADING)?.focus();
    },
  });
  return (
    <dialog ref={dialog} aria-labelledby={`delete-${conversation.id}`}>
      <p id={`delete-${conversation.id}`}>{t('itemActions.deleteQuestion', { title })}</p>
      <ProblemAlert place={place} />
      <div className="dialog-actions">
        <button
          type="button"
          onClick={() => {
            clearProblem(place);
            dialog.current?.close();
          }}
        >
          {t('itemActions.cancel')}
        </button>
        <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {t('itemActions.deleteConversation')}
        </button>
      </div>
    </dialog>
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
