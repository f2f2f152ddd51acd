import { useState } from 'react';
import { keyKeptOf, type KeyKept, type LlmSettings } from '../agent-server/llmSettings';
import { useT, type MessageId } from '../i18n/i18n';

// Example values, the same in every language.
const EXAMPLE_MODEL = 'openai/gpt-4o-mini';
const EXAMPLE_BASE_URL = 'https://api.openai.com/v1';

/**
 * The model, base URL and key inputs (named `model`, `baseUrl`, `apiKey`) of any form that picks
 * an LLM; `readLlmFields` reads them back.
 */
export function LlmFields({
  initial,
  modelRequired = false,
  offerSessionKey = false,
}: {
  initial: LlmSettings;
  modelRequired?: boolean;
  /**
   * The key is kept by this form's owner: say where, and offer the choice of the agent-server,
   * this browser, or this browser for the session only.
   */
  offerSessionKey?: boolean;
}) {
  const t = useT();
  const [kept, setKept] = useState<KeyKept>(keyKeptOf(initial));
  const heldByServer = kept === 'server' && Boolean(initial.connectionId);
  return (
    <>
      <label>
        {t('llm.model')}
        <input
          name="model"
          required={modelRequired}
          defaultValue={initial.model}
          placeholder={EXAMPLE_MODEL}
        />
      </label>
      <label>
        {t('llm.baseUrl')}
        <input name="baseUrl" type="url" defaultValue={initial.baseUrl} placeholder={EXAMPLE_BASE_URL} />
      </label>
      <label>
        {t('llm.apiKey')}
        <input
          name="apiKey"
          type="password"
          autoComplete="off"
          defaultValue={initial.apiKey}
          // The server never gives its key back: an empty field keeps the one it holds.
          placeholder={offerSessionKey && heldByServer ? t('llm.keyHeldByServer') : undefined}
          {...(offerSessionKey ? { 'aria-describedby': 'llm-key-kept' } : {})}
        />
      </label>
      {offerSessionKey && (
        <fieldset className="key-kept">
          <legend>{t('llm.keyKept')}</legend>
          {KEY_PLACES.map((place) => (
            <label className="check" key={place}>
              <input
                type="radio"
                name="keyKept"
                value={place}
                checked={kept === place}
                onChange={() => setKept(place)}
              />
              {t(PLACE_LABEL[place])}
            </label>
          ))}
          <p className="hint" id="llm-key-kept">
            {t(PLACE_HINT[kept])}
          </p>
        </fieldset>
      )}
    </>
  );
}

const KEY_PLACES: readonly KeyKept[] = ['server', 'browser', 'session'];
const PLACE_LABEL: Record<KeyKept, MessageId> = {
  server: 'llm.keptOnServer',
  browser: 'llm.keptOnBrowser',
  session: 'llm.keptOnSession',
};
const PLACE_HINT: Record<KeyKept, MessageId> = {
  server: 'llm.keptByServer',
  browser: 'llm.keptInBrowser',
  session: 'llm.keptForSession',
};

export function readLlmFields(form: FormData): LlmSettings {
  const kept = form.get('keyKept');
  return {
    model: String(form.get('model') ?? '').trim(),
    baseUrl: String(form.get('baseUrl') ?? '').trim(),
    apiKey: String(form.get('apiKey') ?? ''),
    keyForSession: kept === 'session',
    keyOnServer: kept === 'server',
    keyInBrowser: kept === 'browser',
  };
}
