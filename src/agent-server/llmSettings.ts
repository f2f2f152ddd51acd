import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The LLM new conversations use. Kept in this browser; the key is sent only in the create body. */
export interface LlmSettings {
  model: string;
  baseUrl: string;
  apiKey: string;
}

interface LlmSettingsStore extends LlmSettings {
  saved: (settings: LlmSettings) => void;
}

export const DEFAULT_MODEL = 'openai/gpt-4o-mini';

const useLlmSettingsStore = create<LlmSettingsStore>()(
  persist(
    (set) => ({
      model: DEFAULT_MODEL,
      baseUrl: '',
      apiKey: '',
      saved: ({ model, baseUrl, apiKey }) =>
        set({ model: model.trim() || DEFAULT_MODEL, baseUrl: baseUrl.trim(), apiKey }),
    }),
    { name: 'tether.llm', version: 1 },
  ),
);

export function useLlmSettings(): LlmSettings {
  const model = useLlmSettingsStore((s) => s.model);
  const baseUrl = useLlmSettingsStore((s) => s.baseUrl);
  const apiKey = useLlmSettingsStore((s) => s.apiKey);
  return { model, baseUrl, apiKey };
}

export const useSaveLlmSettings = () => useLlmSettingsStore((s) => s.saved);
