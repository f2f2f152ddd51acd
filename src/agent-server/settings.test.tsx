import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { MOCK_SERVER_URL, useConnectionSettings, useSaveConnectionSettings } from './settings';

afterEach(cleanup);

describe('connection settings', () => {
  it('are one stable object until a value changes, so what depends on them does not render again', () => {
    const { result, rerender } = renderHook(() => ({
      settings: useConnectionSettings(),
      save: useSaveConnectionSettings(),
    }));
    const first = result.current.settings;
    rerender();
    expect(result.current.settings).toBe(first);
    act(() => result.current.save({ serverUrl: MOCK_SERVER_URL, sessionApiKey: '' }));
    expect(result.current.settings).toBe(first);
    act(() => result.current.save({ serverUrl: 'http://127.0.0.1:8000/', sessionApiKey: 'k' }));
    expect(result.current.settings).not.toBe(first);
    expect(result.current.settings).toEqual({ serverUrl: 'http://127.0.0.1:8000', sessionApiKey: 'k' });
  });
});
