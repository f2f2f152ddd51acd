import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useMemo } from 'react';

/** The built-in mock agent-server (MSW) answers at this address inside the page. */
export const MOCK_SERVER_URL = 'http://mock-agent-server.localhost';
/** A second built-in mock, so that several servers can be tried without running any. */
export const SECOND_MOCK_SERVER_URL = 'http://second-mock-agent-server.localhost';

export interface ConnectionSettings {
  serverUrl: string;
  sessionApiKey: string;
}

interface ConnectionSettingsStore extends ConnectionSettings {
  saved: (settings: ConnectionSettings) => void;
}

const useConnectionSettingsStore = create<ConnectionSettingsStore>()(
  persist(
    (set) => ({
      serverUrl: MOCK_SERVER_URL,
      sessionApiKey: '',
      saved: (settings) =>
        set({ serverUrl: normaliseServerUrl(settings.serverUrl), sessionApiKey: settings.sessionApiKey }),
    }),
    { name: 'tether.connection', version: 1 },
  ),
);

export function normaliseServerUrl(url: string): string {
  return url.trim().replace(/\/+$/, '') || MOCK_SERVER_URL;
}

/** The settings, as one object that stays the same until a value changes (memo and deps rely on it). */
export function useConnectionSettings(): ConnectionSettings {
  const serverUrl = useConnectionSettingsStore((s) => s.serverUrl);
  const sessionApiKey = useConnectionSettingsStore((s) => s.sessionApiKey);
  return useMemo(() => ({ serverUrl, sessionApiKey }), [serverUrl, sessionApiKey]);
}

export const useSaveConnectionSettings = () => useConnectionSettingsStore((s) => s.saved);

export const readConnectionSettings = (): ConnectionSettings => {
  const { serverUrl, sessionApiKey } = useConnectionSettingsStore.getState();
  return { serverUrl, sessionApiKey };
};

export const usesMockServer = (settings: ConnectionSettings) => settings.serverUrl === MOCK_SERVER_URL;
