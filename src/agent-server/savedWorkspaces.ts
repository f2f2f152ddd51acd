import { HttpClient } from '@openhands/typescript-client/client/http-client';
import { httpStatus } from './client';
import { isRecord } from './protocol';
import type { ConnectionSettings } from './servers';

// The folders a server keeps for its clients' workspace pickers (workspaces_router.py, 1.57 and
// 1.58: GET/POST /api/workspaces), so that every client of the server sees the same list. Through
// the HttpClient: the typed WorkspacesClient first asks /server_info for a version it can compare.

export interface SavedWorkspace {
  name: string;
  path: string;
}

const http = (settings: ConnectionSettings) =>
  new HttpClient({
    baseUrl: settings.serverUrl,
    apiKey: settings.sessionApiKey || undefined,
    timeout: 30_000,
  });

/** The server's saved folders; none on a server without the route (404). */
export async function listSavedWorkspaces(settings: ConnectionSettings): Promise<SavedWorkspace[]> {
  try {
    const { data } = await http(settings).get<unknown>('/api/workspaces');
    const items = isRecord(data) && Array.isArray(data.workspaces) ? data.workspaces : [];
    return items.flatMap((item) =>
      isRecord(item) && typeof item.path === 'string' && item.path
        ? [{ path: item.path, name: typeof item.name === 'string' ? item.name : item.path }]
        : [],
    );
  } catch (error) {
    if (httpStatus(error) === 404) return [];
    throw error;
  }
}

/** Keeps a folder in the server's list (the server ignores one it has: it dedupes by path). */
export async function saveWorkspace(settings: ConnectionSettings, path: string): Promise<void> {
  const name = path.replace(/\/+$/, '').split('/').at(-1) || path;
  await http(settings).post('/api/workspaces', { workspaces: [{ id: path, name, path }] });
}
