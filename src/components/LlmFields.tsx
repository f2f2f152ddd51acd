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
}: {
  initial: LlmSettings;
  modelRequired?: boolean;
}) {
  const t = useT();
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
        <input name="apiKey" type="password" autoComplete="off" defaultValue={initial.apiKey} />
      </label>
    </>
  );
}

export function readLlmFields(form: FormData): LlmSettings {
  return {
    model: String(form.get('model') ?? '').trim(),
    baseUrl: String(form.get('baseUrl') ?? '').trim(),
    apiKey: String(form.get('apiKey') ?? ''),
  };
}
