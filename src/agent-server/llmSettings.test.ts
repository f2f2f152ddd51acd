import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODEL,
  keyKeptOf,
  migrateLlmSettings,
  persistedLlmSettings,
  withSessionKeys,
} from './llmSettings';

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

describe('a model key kept for this session only', () => {
  it('is never written with the rest, and comes back from the session’s keys', () => {
    const byServer = {
      laptop: { model: 'openai/gpt-4.1', baseUrl: '', apiKey: 'sk-session-only', keyForSession: true },
      cloud: { model: 'openai/gpt-4.1', baseUrl: '', apiKey: 'sk-kept-here' },
    };
    const written = persistedLlmSettings(byServer);
    expect(JSON.stringify(written)).not.toContain('sk-session-only');
    expect(written.cloud!.apiKey).toBe('sk-kept-here');
    expect(withSessionKeys(written, { laptop: 'sk-session-only' })).toEqual(byServer);
    // A new session has no keys: the field is empty, the rest is kept.
    expect(withSessionKeys(written, {}).laptop).toEqual({ ...byServer.laptop, apiKey: '' });
  });
});

describe('where a model key is kept', () => {
  it('is the server unless the person chose this browser, and a key for the server is never written', () => {
    expect(keyKeptOf({ model: 'm', baseUrl: '', apiKey: 'sk-from-before' })).toBe('server');
    expect(keyKeptOf({ model: 'm', baseUrl: '', apiKey: 'k', keyInBrowser: true })).toBe('browser');
    expect(keyKeptOf({ model: 'm', baseUrl: '', apiKey: 'k', keyForSession: true })).toBe('session');
    const written = persistedLlmSettings({
      laptop: {
        model: 'm',
        baseUrl: '',
        apiKey: 'sk-meant-for-the-server',
        keyOnServer: true,
        connectionId: 'c1',
      },
    });
    expect(JSON.stringify(written)).not.toContain('sk-meant-for-the-server');
    expect(written.laptop).toMatchObject({ connectionId: 'c1', keyOnServer: true });
  });
});
