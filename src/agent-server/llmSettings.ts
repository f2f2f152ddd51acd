import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { readServers } from './servers';

/**
 * The LLM new conversations use, per agent-server. The key is kept on that server where it can
 * keep one (a provider connection: this browser holds only its id), or else in this browser, and
 * is sent only to the server it was saved for: a key typed for the laptop's server never travels
 * to a cloud VM's.
 */
export interface LlmSettings {
  model: string;
  baseUrl: string;
  apiKey: string;
  /**
   * The key is kept for this browser session only (sessionStorage, gone when the browser closes),
   * never in localStorage; the model and base URL are kept as usual.
   */
  keyForSession?: boolean;
  /** The person chose to keep the key in this browser's local storage. */
  keyInBrowser?: boolean;
  /** The person chose to keep the key on the server: `apiKey` is then always empty here. */
  keyOnServer?: boolean;
  /** The server's provider connection that holds the key (`keyOnServer`), once it holds one. */
  connectionId?: string;
}

/** Where a key is kept, as the person chooses it. */
export type KeyKept = 'server' | 'browser' | 'session';

/** The server keeps it unless the person chose this browser (a key saved before the choice moves). */
export const keyKeptOf = (settings: LlmSettings): KeyKept =>
  settings.keyForSession ? 'session' : settings.keyInBrowser ? 'browser' : 'server';

/** Keys kept for the session only, by server: never written with the rest. */
const SESSION_KEYS = 'tether.llm-session-keys';

function sessionKeys(): Record<string, string> {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(SESSION_KEYS) ?? '{}');
    return kept && typeof kept === 'object' ? (kept as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function keepForSession(serverId: string, key: string | undefined): void {
  const keys = sessionKeys();
  if (key) keys[serverId] = key;
  else delete keys[serverId];
  try {
    sessionStorage.setItem(SESSION_KEYS, JSON.stringify(keys));
  } catch {
    // No session storage (a locked-down browser): the key lives in memory until the page goes.
  }
}

/** What is written to localStorage: a session-only key is left out. */
export function persistedLlmSettings(byServer: Record<string, LlmSettings>): Record<string, LlmSettings> {
  return Object.fromEntries(
    Object.entries(byServer).map(([id, settings]) => [
      id,
      settings.keyForSession || settings.keyOnServer ? { ...settings, apiKey: '' } : settings,
    ]),
  );
}

/** What was kept, with the session's keys put back where they belong. */
export function withSessionKeys(
  byServer: Record<string, LlmSettings>,
  keys: Record<string, string>,
): Record<string, LlmSettings> {
  return Object.fromEntries(
    Object.entries(byServer).map(([id, settings]) => [
      id,
      settings.keyForSession ? { ...settings, apiKey: keys[id] ?? '' } : settings,
    ]),
  );
}

interface LlmSettingsStore {
  byServer: Record<string, LlmSettings>;
  saved: (serverId: string, settings: LlmSettings) => void;
  forget: (serverId: string) => void;
}

export const DEFAULT_MODEL = 'openai/gpt-4o-mini';

/** A server nothing was saved for yet: the default model and no key. */
export const NO_LLM_SETTINGS: LlmSettings = Object.freeze({ model: DEFAULT_MODEL, baseUrl: '', apiKey: '' });

/**
 * Version 1 held one LLM for the one server of those days: it becomes the LLM of every server the
 * list holds now (the server list migrates first: it is read at its own creation).
 */
export function migrateLlmSettings(persisted: unknown, version: number, serverIds: string[]) {
  if (version >= 2) return persisted as Pick<LlmSettingsStore, 'byServer'>;
  const old = (persisted ?? {}) as Partial<LlmSettings>;
  const settings: LlmSettings = {
    model: old.model || DEFAULT_MODEL,
    baseUrl: old.baseUrl ?? '',
    apiKey: old.apiKey ?? '',
  };
  return { byServer: Object.fromEntries(serverIds.map((id) => [id, settings])) };
}

const useLlmSettingsStore = create<LlmSettingsStore>()(
  persist(
    (set) => ({
      byServer: {},
      saved: (
        serverId,
        {
          model,
          baseUrl,
          apiKey,
          keyForSession = false,
          keyInBrowser = false,
          keyOnServer = false,
          connectionId,
        },
      ) => {
        keepForSession(serverId, keyForSession ? apiKey : undefined);
        set((state) => ({
          byServer: {
            ...state.byServer,
            [serverId]: {
              model: model.trim() || DEFAULT_MODEL,
              baseUrl: baseUrl.trim(),
              // A key meant for the server is never held here, even for a moment.
              apiKey: keyOnServer ? '' : apiKey,
              keyForSession,
              ...(keyInBrowser ? { keyInBrowser } : {}),
              ...(keyOnServer ? { keyOnServer, ...(connectionId ? { connectionId } : {}) } : {}),
            },
          },
        }));
      },
      forget: (serverId) =>
        set((state) => {
          keepForSession(serverId, undefined);
          const byServer = { ...state.byServer };
          delete byServer[serverId];
          return { byServer };
        }),
    }),
    {
      name: 'tether.llm',
      version: 2,
      partialize: (state) => ({ byServer: persistedLlmSettings(state.byServer) }),
      merge: (persisted, current) => ({
        ...current,
        byServer: withSessionKeys((persisted as Partial<LlmSettingsStore>)?.byServer ?? {}, sessionKeys()),
      }),
      migrate: (persisted, version) =>
        migrateLlmSettings(
          persisted,
          version,
          readServers().map((server) => server.id),
        ),
    },
  ),
);

/** The LLM saved for a server (the same object until it is saved again). */
export function useLlmSettings(serverId: string | undefined): LlmSettings {
  return useLlmSettingsStore((s) => (serverId !== undefined && s.byServer[serverId]) || NO_LLM_SETTINGS);
}

export const useSaveLlmSettings = () => useLlmSettingsStore((s) => s.saved);

/** A removed server's LLM, its key with it, is not kept. */
export const forgetLlmSettings = (serverId: string) => useLlmSettingsStore.getState().forget(serverId);

/** Every model key this browser holds, for redaction: none of them may leave in a file or a copy. */
export const readLlmKeys = (): string[] =>
  Object.values(useLlmSettingsStore.getState().byServer)
    .map((settings) => settings.apiKey)
    .filter(Boolean);
