import { ConversationClient, ServerClient } from '@openhands/typescript-client/clients';
import { HttpError } from '@openhands/typescript-client/client/http-client';
import { t } from '../i18n/i18n';
import type { ConnectionSettings } from './servers';
import { isRecord, type Page } from './protocol';

// Every REST call to the agent-server goes through the typed clients of
// @openhands/typescript-client; nothing else in src/ talks HTTP to it.

export interface AgentServerClients {
  conversations: ConversationClient;
  server: ServerClient;
}

const cache = new Map<string, AgentServerClients>();

export function agentServerClients({ serverUrl, sessionApiKey }: ConnectionSettings): AgentServerClients {
  const cacheKey = `${serverUrl}\u0000${sessionApiKey}`;
  let clients = cache.get(cacheKey);
  if (!clients) {
    const options = { host: serverUrl, apiKey: sessionApiKey || undefined, timeout: 30_000 };
    clients = { conversations: new ConversationClient(options), server: new ServerClient(options) };
    cache.set(cacheKey, clients);
  }
  return clients;
}

/** What `events/search` takes: the client's own options. */
export type EventSearch = NonNullable<Parameters<ConversationClient['searchEvents']>[1]>;

/**
 * One page of a conversation's events as the server sent it. The client's types say what the
 * server should send, not what it did: each item stays `unknown` until the gate every event
 * passes (asServerEvent), and an answer that is no page reads as an empty one.
 */
export async function searchEventPage(
  conversations: ConversationClient,
  conversationId: string,
  search: EventSearch,
): Promise<Page<unknown>> {
  const answer: unknown = await conversations.searchEvents(conversationId, search);
  if (!isRecord(answer)) return { items: [], next_page_id: null };
  const items: unknown[] = Array.isArray(answer.items) ? answer.items : [];
  return { items, next_page_id: typeof answer.next_page_id === 'string' ? answer.next_page_id : null };
}

export function httpStatus(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}

/** The server answered, and its answer says it did not do what was asked: the message says what. */
export class AgentServerRefused extends Error {}

/** One sentence a person can act on, for any failed call. */
export function describeError(error: unknown): string {
  if (error instanceof AgentServerRefused) return error.message;
  const status = httpStatus(error);
  if (status === 401 || status === 403) return t('error.keyRejected');
  if (status === 404) return t('error.notFound');
  if (status === 429) return t('error.atCapacity');
  // A 409 the server marks retryable: its credentials need re-activating (1.58,
  // CredentialBindingActivationRequired). Asking again changes nothing until someone does.
  if (status === 409 && error instanceof HttpError && isRetryableConflict(error.response))
    return t('error.credentials');
  if (status !== undefined) {
    const detail = error instanceof HttpError ? serverDetail(error.response) : '';
    return detail ? t('error.answeredWithDetail', { status, detail }) : t('error.answered', { status });
  }
  if (error instanceof Error && /timeout/i.test(error.message)) return t('error.timeout');
  if (error instanceof SyntaxError || (error instanceof Error && /JSON/.test(error.message)))
    return t('error.notJson');
  return t('error.unreachable');
}

function isRetryableConflict(response: unknown): boolean {
  return Boolean(
    response && typeof response === 'object' && (response as { retryable?: unknown }).retryable === true,
  );
}

function serverDetail(response: unknown): string {
  if (typeof response === 'string') return response.slice(0, 200);
  if (response && typeof response === 'object' && 'detail' in response) {
    const detail = (response as { detail: unknown }).detail;
    return (typeof detail === 'string' ? detail : JSON.stringify(detail)).slice(0, 200);
  }
  return '';
}

/** What `/server_info` says of a server that answered (fields absent on servers without them). */
export interface ServerDetails {
  version?: string;
  /** Where conversations run: `local` (in the server's process) or `docker`. */
  runtime?: string;
  usableTools?: string[];
}

export type Health =
  ({ kind: 'reachable' } & ServerDetails) | { kind: 'wrong-key' } | { kind: 'unreachable'; message: string };

export function serverDetails(info: unknown): ServerDetails {
  const record = info && typeof info === 'object' ? (info as Record<string, unknown>) : {};
  const tools = record.usable_tools;
  return {
    ...(typeof record.version === 'string' ? { version: record.version } : {}),
    ...(typeof record.conversation_runtime === 'string' ? { runtime: record.conversation_runtime } : {}),
    ...(Array.isArray(tools) ? { usableTools: tools.filter((t): t is string => typeof t === 'string') } : {}),
  };
}

/** The server's `/server_info` (no key needed): its version, runtime and usable tools. */
export function readServerInfo(clients: AgentServerClients): Promise<unknown> {
  return clients.server.getServerInfo();
}

/**
 * Reachability first (no auth), then an authenticated call to tell a wrong key apart: the count
 * of conversations, a few bytes (a search of one conversation answered about 6 kB on 1.58.2).
 * With the server's details already `known` (serverFacts.ts), the count alone tells all three.
 */
export async function checkHealth(clients: AgentServerClients, known?: ServerDetails): Promise<Health> {
  let details: ServerDetails = known ?? {};
  if (!known)
    try {
      details = serverDetails(await readServerInfo(clients));
    } catch (error) {
      if (httpStatus(error) === undefined) return { kind: 'unreachable', message: describeError(error) };
    }
  try {
    await clients.conversations.countConversations();
    return { kind: 'reachable', ...details };
  } catch (error) {
    const status = httpStatus(error);
    if (status === 401 || status === 403) return { kind: 'wrong-key' };
    return { kind: 'unreachable', message: describeError(error) };
  }
}
