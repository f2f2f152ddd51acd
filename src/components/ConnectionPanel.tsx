import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  MOCK_SERVER_URL,
  useConnectionSettings,
  useSaveConnectionSettings,
  usesMockServer,
} from '../agent-server/settings';
import { healthQuery } from '../conversation/resources/server';
import type { Health } from '../agent-server/client';

function healthWords(health: Health | undefined, checking: boolean): string {
  if (!health) return checking ? 'Checking the agent-server…' : 'Not checked yet';
  switch (health.kind) {
    case 'reachable':
      return `Connected${health.version ? ` (server ${health.version})` : ''}`;
    case 'wrong-key':
      return 'Wrong session API key: the server answered 401';
    case 'unreachable':
      return `Unreachable: ${health.message}`;
  }
}

export function ConnectionPanel() {
  const settings = useConnectionSettings();
  const save = useSaveConnectionSettings();
  const health = useQuery(healthQuery(settings));
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const onMock = usesMockServer(settings);
  const kind = health.data?.kind ?? 'checking';

  return (
    <div className="connection">
      <span className={`health health-${kind}`} role="status">
        <span className="health-dot" aria-hidden="true" />
        <span className="health-words">
          {onMock ? 'Built-in mock agent-server · ' : ''}
          {healthWords(health.data, health.isFetching)}
        </span>
      </span>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls="connection-settings"
        onClick={() => setOpen((v) => !v)}
      >
        Connection settings
      </button>
      {open && (
        <form
          id="connection-settings"
          className="connection-form"
          aria-label="Connection settings"
          data-closes-on-escape=""
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            setOpen(false);
            toggle.current?.focus();
          }}
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const next = {
              serverUrl: String(form.get('serverUrl') ?? ''),
              sessionApiKey: String(form.get('sessionApiKey') ?? ''),
            };
            const wasMock = onMock;
            save(next);
            setOpen(false);
            // The mock lives in a service worker started at boot: switching to or from it reloads.
            if (
              wasMock !==
              usesMockServer({
                ...next,
                serverUrl: next.serverUrl.trim().replace(/\/+$/, '') || MOCK_SERVER_URL,
              })
            ) {
              window.location.assign('/');
            }
          }}
        >
          <label>
            Server URL
            <input
              name="serverUrl"
              type="url"
              defaultValue={settings.serverUrl}
              placeholder="http://127.0.0.1:8000"
              required
            />
          </label>
          <label>
            Session API key
            <input
              name="sessionApiKey"
              type="password"
              defaultValue={settings.sessionApiKey}
              autoComplete="off"
            />
          </label>
          <div className="form-actions">
            <button type="submit">Save and connect</button>
            <button
              type="button"
              onClick={(event) => {
                const form = event.currentTarget.form!;
                (form.elements.namedItem('serverUrl') as HTMLInputElement).value = MOCK_SERVER_URL;
                (form.elements.namedItem('sessionApiKey') as HTMLInputElement).value = '';
              }}
            >
              Use the built-in mock
            </button>
          </div>
          <p className="hint">Kept in this browser only. The key is sent in a header, never in a URL.</p>
        </form>
      )}
    </div>
  );
}
