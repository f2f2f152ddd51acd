import { useEffect, useId, useRef, useState } from 'react';
import { agentServerClients, checkHealth, type Health } from '../../agent-server/client';
import { normaliseServerUrl, type AgentServer, type ServerFields } from '../../agent-server/servers';
import { HealthLines } from './HealthLines';
import { leaveOnEscape } from '../settingsDialog/SettingsParts';
import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/servers';

/** An address, as an example: the same in every language. */
const URL_EXAMPLE = 'http://127.0.0.1:8000';

/** Add (empty, or filled from a link) or Edit; Test tries the values typed before they are kept. */
export function ServerForm({
  server,
  others,
  initialUrl = '',
  onSave,
  onCancel,
}: {
  server?: AgentServer;
  /** The other servers of the list: none may have the same address. */
  others: readonly AgentServer[];
  initialUrl?: string;
  onSave: (fields: ServerFields) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [tested, setTested] = useState<{ health: Health | undefined; checking: boolean }>();
  const titleId = useId();
  // A form opened below a long list (Add, or a link's `?add-server=`) is brought into view once
  // its dialog is drawn: a focused field alone did not scroll the dialog.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => formRef.current?.scrollIntoView({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, []);
  const fieldsOf = (form: HTMLFormElement): ServerFields => {
    const data = new FormData(form);
    return {
      name: String(data.get('name') ?? ''),
      serverUrl: String(data.get('serverUrl') ?? ''),
      sessionApiKey: String(data.get('sessionApiKey') ?? ''),
    };
  };
  return (
    <form
      ref={formRef}
      className="server-form"
      aria-labelledby={titleId}
      data-closes-on-escape=""
      onKeyDown={leaveOnEscape(onCancel)}
      onSubmit={(event) => {
        event.preventDefault();
        const fields = fieldsOf(event.currentTarget);
        const url = normaliseServerUrl(fields.serverUrl);
        const twin = others.find((other) => other.serverUrl === url);
        const field = event.currentTarget.elements.namedItem('serverUrl') as HTMLInputElement;
        // One entry per server: a second would list every conversation twice.
        field.setCustomValidity(twin ? t('servers.sameAddress', { name: twin.name }) : '');
        if (twin) {
          field.reportValidity();
          return;
        }
        onSave(fields);
      }}
    >
      <h3 id={titleId}>{server ? t('servers.editNamed', { name: server.name }) : t('servers.add')}</h3>
      <label>
        {t('servers.name')}
        <input name="name" defaultValue={server?.name ?? ''} placeholder={t('servers.namePlaceholder')} />
      </label>
      <label>
        {t('servers.url')}
        <input
          name="serverUrl"
          type="url"
          required
          autoFocus
          onInput={(event) => event.currentTarget.setCustomValidity('')}
          defaultValue={server?.serverUrl ?? initialUrl}
          placeholder={URL_EXAMPLE}
        />
      </label>
      <label>
        {t('servers.key')}
        <input
          name="sessionApiKey"
          type="password"
          autoComplete="off"
          defaultValue={server?.sessionApiKey ?? ''}
        />
      </label>
      {tested && <HealthLines health={tested.health} checking={tested.checking} />}
      <div className="form-actions">
        <button type="submit">{t('servers.save')}</button>
        <button
          type="button"
          onClick={async (event) => {
            const form = event.currentTarget.form!;
            if (!form.reportValidity()) return;
            const fields = fieldsOf(form);
            setTested({ health: undefined, checking: true });
            const settings = {
              serverUrl: normaliseServerUrl(fields.serverUrl),
              sessionApiKey: fields.sessionApiKey,
            };
            setTested({ health: await checkHealth(agentServerClients(settings)), checking: false });
          }}
        >
          {t('servers.test')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('servers.cancel')}
        </button>
      </div>
    </form>
  );
}
