import type { KeyboardEvent, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/servers';

// Parts the settings dialogs of a server share (Secrets, MCP servers, Skills): the stored list with its
// loading, failure and empty states, the question before something is removed, and a form's end.

/** The server's stored items, or what keeps them from being listed. */
export function StoredList<T>({
  query,
  labelledBy,
  loading,
  empty,
  keyOf,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** The heading that names the list. */
  labelledBy: string;
  loading: string;
  empty: string;
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) return <p className="loading">{loading}</p>;
  if (query.isError)
    return (
      <p className="banner error" role="alert">
        {describeError(query.error)}{' '}
        <button type="button" onClick={() => void query.refetch()}>
          {t('servers.tryAgain')}
        </button>
      </p>
    );
  if (query.data.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="settings-entries" aria-labelledby={labelledBy}>
      {query.data.map((item) => (
        <li key={keyOf(item)} aria-label={keyOf(item)}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** "Remove X? …" with the action and Keep; the action is not sent twice while it runs. */
export function ConfirmRemoval({
  name,
  verb,
  consequence,
  pending,
  onConfirm,
  onKeep,
}: {
  name: string;
  verb: 'delete' | 'remove';
  consequence: string;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const t = useT();
  const question = t(verb === 'delete' ? 'servers.deleteQuestion' : 'servers.removeQuestion', { name });
  return (
    <div className="form-actions" role="group" aria-label={question}>
      <span>
        {question} {consequence}
      </span>
      <button
        type="button"
        className="danger"
        aria-disabled={pending}
        onClick={() => {
          if (!pending) onConfirm();
        }}
      >
        {t(verb === 'delete' ? 'servers.delete' : 'servers.remove')}
      </button>
      <button type="button" onClick={onKeep}>
        {t('servers.keep')}
      </button>
    </div>
  );
}

/**
 * The end of a settings form: what the server refused, the submit button (its words change while
 * the request goes), any other actions, and Cancel.
 */
export function FormEnd({
  failure,
  pending,
  submit,
  busy,
  onCancel,
  children,
}: {
  /** The refusal in words, or nothing. */
  failure: string | undefined;
  pending: boolean;
  submit: string;
  busy: string;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <>
      {failure && (
        <p className="banner error" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" aria-disabled={pending}>
          {pending ? busy : submit}
        </button>
        {children}
        <button type="button" onClick={onCancel}>
          {t('servers.cancel')}
        </button>
      </div>
    </>
  );
}

/** Esc in a form inside a dialog leaves the form, not the whole dialog. */
export const leaveOnEscape = (leave: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Escape') return;
  event.preventDefault();
  event.stopPropagation();
  leave();
};

/** The Name field of an Add form, with the rule the server holds names to. */
export function NameField({
  rule,
  placeholder,
  ruleId,
}: {
  rule: string;
  placeholder: string;
  ruleId: string;
}) {
  const t = useT();
  return (
    <label>
      {t('servers.name')}
      <input
        name="name"
        required
        autoFocus
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        aria-describedby={ruleId}
        onInput={(event) => event.currentTarget.setCustomValidity('')}
      />
      <span id={ruleId} className="hint">
        {rule}
      </span>
    </label>
  );
}
