import './connectionForm.css';
import {
  MOCK_SERVER_URL,
  useConnectionSettings,
  useSaveConnectionSettings,
  usesMockServer,
} from '../agent-server/settings';

/** The server URL and session key, edited; `onDone(saved)` closes it (Esc or Save). */
export default function ConnectionForm({ onDone }: { onDone: (saved: boolean) => void }) {
  const settings = useConnectionSettings();
  const save = useSaveConnectionSettings();
  const onMock = usesMockServer(settings);
  return (
    <form
      id="connection-settings"
      className="connection-form"
      aria-label="Connection settings"
      data-closes-on-escape=""
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onDone(false);
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
        onDone(true);
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
  );
}
