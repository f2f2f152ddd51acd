import type { LlmSettings } from '../agent-server/llmSettings';

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
  return (
    <>
      <label>
        Model
        <input
          name="model"
          required={modelRequired}
          defaultValue={initial.model}
          placeholder="openai/gpt-4o-mini"
        />
      </label>
      <label>
        Base URL
        <input
          name="baseUrl"
          type="url"
          defaultValue={initial.baseUrl}
          placeholder="https://api.openai.com/v1"
        />
      </label>
      <label>
        API key
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
