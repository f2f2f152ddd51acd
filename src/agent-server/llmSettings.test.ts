import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL, migrateLlmSettings } from './llmSettings';

describe('the LLM settings of the single-server days', () => {
  it('become the settings of every server the list holds', () => {
    const old = { model: 'openai/gpt-4.1', baseUrl: 'https://llm.example', apiKey: 'sk-kept' };
    expect(migrateLlmSettings(old, 1, ['mock', '127-0-0-1-8000'])).toEqual({
      byServer: { mock: old, '127-0-0-1-8000': old },
    });
  });

  it('fill what an older copy lacks, and leave a current copy as it is', () => {
    expect(migrateLlmSettings({ apiKey: 'sk' }, 1, ['mock'])).toEqual({
      byServer: { mock: { model: DEFAULT_MODEL, baseUrl: '', apiKey: 'sk' } },
    });
    const current = { byServer: { mock: { model: 'm', baseUrl: '', apiKey: '' } } };
    expect(migrateLlmSettings(current, 2, ['other'])).toBe(current);
  });
});
