import { HttpClient } from '@openhands/typescript-client/client/http-client';
import { isRecord } from './protocol';
import type { ConnectionSettings } from './servers';

// Where a conversation runs (models.py ConversationRuntimeInfo): the info carries it as
// `runtime_info` (1.57 and 1.58), and `POST /api/conversations/{id}/runtime/reprovision` asks
// for a new one. A local server's runtime is always available; a docker one can be starting,
// missing or lost. The typed client has no runtime calls: they go through its HttpClient.

export type RuntimeStatus = 'available' | 'starting' | 'missing' | 'ownership_lost' | 'error';

export interface RuntimeInfo {
  status: RuntimeStatus;
  canResume: boolean;
  error?: { code: string; message: string };
}

const STATUSES: readonly string[] = ['available', 'starting', 'missing', 'ownership_lost', 'error'];

/** The info's `runtime_info`, or nothing when the server does not say (or says it oddly). */
export function runtimeOf(info: unknown): RuntimeInfo | undefined {
  const raw = isRecord(info) ? info.runtime_info : undefined;
  if (!isRecord(raw) || typeof raw.runtime_status !== 'string' || !STATUSES.includes(raw.runtime_status))
    return undefined;
  const error = isRecord(raw.runtime_error) ? raw.runtime_error : undefined;
  return {
    status: raw.runtime_status as RuntimeStatus,
    canResume: raw.can_resume === true,
    ...(error ? { error: { code: String(error.code ?? ''), message: String(error.message ?? '') } } : {}),
  };
}

export async function reprovisionRuntime(settings: ConnectionSettings, conversationId: string) {
  const http = new HttpClient({
    baseUrl: settings.serverUrl,
    apiKey: settings.sessionApiKey || undefined,
    timeout: 120_000,
  });
  const answer = await http.post<unknown>(
    `/api/conversations/${encodeURIComponent(conversationId)}/runtime/reprovision`,
  );
  return runtimeOf({ runtime_info: answer.data });
}
