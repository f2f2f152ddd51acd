import { useState } from 'react';
import type { LlmSettings } from '../agent-server/llmSettings';
import { useT } from '../i18n/i18n';

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
  /** The key is kept by this form's owner: say where, and offer to keep it for the session only. */
  offerSessionKey?: boolean;
}) {
  const t = useT();
  const [forSession, setForSession] = useState(Boolean(initial.keyForSession));
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
          {...(offerSessionKey ? { 'aria-describedby': 'llm-key-kept' } : {})}
        />
      </label>
      {offerSessionKey && (
        <>
          <label className="check">
            <input
              type="checkbox"
              name="keyForSession"
              checked={forSession}
              onChange={(event) => setForSession(event.target.checked)}
            />
            {t('llm.keyForSession')}
          </label>
          <p className="hint" id="llm-key-kept">
            {forSession ? t('llm.keptForSession') : t('llm.keptInBrowser')}
          </p>
        </>
      )}
    </>
  );
}

export function readLlmFields(form: FormData): LlmSettings {
  return {
    model: String(form.get('model') ?? '').trim(),
    baseUrl: String(form.get('baseUrl') ?? '').trim(),
    apiKey: String(form.get('apiKey') ?? ''),
    keyForSession: form.get('keyForSession') === 'on',
  };
}
