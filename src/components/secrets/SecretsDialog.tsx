import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SECRET_NAME, type SecretItem } from '../../agent-server/secrets';
import type { AgentServer } from '../../agent-server/servers';
import { deleteSecret, saveSecret, secretsQuery } from '../../conversation/resources/secrets';
import { ServerSettingsDialog } from '../settingsDialog/ServerSettingsDialog';
import {
  ConfirmRemoval,
  FormEnd,
  leaveOnEscape,
  NameField,
  StoredList,
} from '../settingsDialog/SettingsParts';
import { useT } from '../../i18n/i18n';
import { Words } from '../../i18n/Words';
import { useFormProblem, useReportingMutation } from '../problems/commandProblems';
import { ProblemAlert, problemWords } from '../problems/ProblemAlert';
import 'virtual:tether-english/secrets';

// The secrets a server keeps for its conversations (a GitHub token, an API key): their names,
// and Add, Replace and Delete. A value goes to the server and is never shown again: the inputs
// are password fields, emptied once saved, and the list holds names only.

/** A name, as an example: the same in every language. */
const NAME_EXAMPLE = 'GITHUB_TOKEN';
/** What the agent-server shows in place of a secret's value (its own words, never translated). */
const MASK = '<secret-hidden>';

export default function SecretsDialog({
  serverId,
  onClose,
}: {
  serverId: string | undefined;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <ServerSettingsDialog
      title={t('secrets.title')}
      className="secrets-dialog"
      serverId={serverId}
      onClose={onClose}
    >
      {(server) => <ServerSecrets server={server} />}
    </ServerSettingsDialog>
  );
}

function ServerSecrets({ server }: { server: AgentServer }) {
  const t = useT();
  const secrets = useQuery(secretsQuery(server));
  const listId = useId();
  return (
    <>
      <p className="hint">
        <Words
          id="secrets.explain"
          values={{
            server: server.name,
            example: <code>${NAME_EXAMPLE}</code>,
            hidden: <code>{MASK}</code>,
          }}
        />
      </p>
      <h3 id={listId}>{t('secrets.storedOn', { server: server.name })}</h3>
      <StoredList
        query={secrets}
        labelledBy={listId}
        loading={t('secrets.loading')}
        empty={t('secrets.none')}
        keyOf={(secret) => secret.name}
      >
        {(secret) => <SecretEntry server={server} secret={secret} />}
      </StoredList>
      <AddSecret
        server={server}
        taken={(name) => secrets.data?.some((secret) => secret.name === name) ?? false}
      />
    </>
  );
}

function SecretEntry({ server, secret }: { server: AgentServer; secret: SecretItem }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'shown' | 'replacing' | 'deleting'>('shown');
  const place = `secret ${server.serverUrl} ${secret.name}`;
  const remove = useReportingMutation(place, () => ({ action: 'delete', subject: secret.name }), {
    mutationFn: () => deleteSecret(queryClient, server, secret.name),
  });

  if (mode === 'replacing')
    return (
      <SecretForm
        server={server}
        name={secret.name}
        description={secret.description}
        onDone={() => setMode('shown')}
      />
    );
  return (
    <div className="settings-entry">
      <div className="settings-heading">
        <code className="settings-name">{secret.name}</code>
        {secret.description && <span className="settings-detail">{secret.description}</span>}
      </div>
      {mode === 'deleting' ? (
        <ConfirmRemoval
          name={secret.name}
          verb="delete"
          consequence={t('secrets.deleteConsequence')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onKeep={() => setMode('shown')}
        />
      ) : (
        <div className="form-actions">
          <button
            type="button"
            aria-label={t('secrets.replaceNamed', { name: secret.name })}
            onClick={() => setMode('replacing')}
          >
            {t('secrets.replace')}
          </button>
          <button
            type="button"
            aria-label={t('secrets.deleteNamed', { name: secret.name })}
            onClick={() => setMode('deleting')}
          >
            {t('secrets.delete')}
          </button>
        </div>
      )}
      <ProblemAlert place={place} />
    </div>
  );
}

function AddSecret({ server, taken }: { server: AgentServer; taken: (name: string) => boolean }) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  if (!adding)
    return (
      <button type="button" onClick={() => setAdding(true)}>
        {t('secrets.add')}
      </button>
    );
  return <SecretForm server={server} taken={taken} onDone={() => setAdding(false)} />;
}

/** Add (a name, a value, a description) or Replace (a new value for a name kept as it is). */
function SecretForm({
  server,
  name,
  description,
  taken,
  onDone,
}: {
  server: AgentServer;
  /** The secret being replaced; none when adding. */
  name?: string;
  description?: string | null;
  taken?: (name: string) => boolean;
  onDone: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const titleId = useId();
  const place = `save secret ${server.serverUrl} ${name ?? ''}`;
  const save = useReportingMutation(
    place,
    (secret: { name: string }) => ({ action: 'save', subject: secret.name }),
    {
      mutationFn: (secret: { name: string; value: string; description: string | null }) =>
        saveSecret(queryClient, server, secret),
      onSuccess: onDone,
    },
  );
  const problem = useFormProblem(place);
  return (
    <form
      className="settings-form"
      aria-labelledby={titleId}
      onKeyDown={leaveOnEscape(onDone)}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = new FormData(form);
        const chosen = name ?? String(data.get('name') ?? '').trim();
        const field = form.elements.namedItem('name') as HTMLInputElement | null;
        if (field) {
          field.setCustomValidity(
            !SECRET_NAME.test(chosen)
              ? t('secrets.nameRule')
              : taken?.(chosen)
                ? t('secrets.taken', { name: chosen })
                : '',
          );
          if (!field.reportValidity()) return;
        }
        const value = String(data.get('value') ?? '');
        if (save.isPending) return;
        save.mutate({
          name: chosen,
          value,
          description: String(data.get('description') ?? '').trim() || null,
        });
        // The value leaves the page's fields as soon as it is on its way.
        (form.elements.namedItem('value') as HTMLInputElement).value = '';
      }}
    >
      <h4 id={titleId}>{name ? t('secrets.newValueFor', { name }) : t('secrets.addTitle')}</h4>
      {!name && (
        <NameField rule={t('secrets.nameRule')} placeholder={NAME_EXAMPLE} ruleId={`${titleId}-rule`} />
      )}
      <label>
        {t('secrets.value')}
        <input name="value" type="password" required autoFocus={Boolean(name)} autoComplete="new-password" />
      </label>
      <label>
        {t('secrets.description')}
        <input name="description" autoComplete="off" defaultValue={description ?? ''} />
      </label>
      <FormEnd
        failure={problem && problemWords(problem)}
        pending={save.isPending}
        submit={name ? t('secrets.replaceNamed', { name }) : t('secrets.add')}
        busy={t('secrets.saving')}
        onCancel={onDone}
      />
    </form>
  );
}
