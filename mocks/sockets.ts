import { ws } from 'msw';
import { isRecord } from '../src/agent-server/protocol';
import type { MockAgent } from './agent';
import { messageContent } from './messageContent';
import type { MockStore, StoredConversation } from './store';

// The mock's two sockets: `/sockets/events/{id}` (sockets.py) and `/sockets/session/{id}`
// (session_socket.py), and who is subscribed to which conversation.

const AUTH_TIMEOUT_MS = 10_000;

type SocketClient = { send(data: string): void; close(code?: number, reason?: string): void };
type Framing = 'legacy' | 'session';
type Subscriber = { client: SocketClient; protocol: Framing };
/** One thing that happened, in each framing (either may be absent: not sent in that one). */
export type Frames = { legacy?: object; session?: object };

/** The session socket's first frame: what it is about to replay, and where live frames start. */
export const syncFrame = (afterSeq: number | null, throughSeq: number) => ({
  type: 'sync',
  from_seq: afterSeq,
  through_seq: throughSeq >= 0 ? throughSeq : null,
});
export const transientFrame = (event: object) => ({ type: 'transient', event });

/** The open sockets of each conversation, each with its framing. */
export class SocketSubscribers {
  private readonly byConversation = new Map<string, Set<Subscriber>>();

  add(conversationId: string, subscriber: Subscriber): void {
    let set = this.byConversation.get(conversationId);
    if (!set) this.byConversation.set(conversationId, (set = new Set()));
    set.add(subscriber);
  }

  count(conversationId: string): number {
    return this.byConversation.get(conversationId)?.size ?? 0;
  }

  remove(conversationId: string, client: SocketClient): void {
    const set = this.byConversation.get(conversationId);
    for (const subscriber of set ?? []) if (subscriber.client === client) set!.delete(subscriber);
  }

  /** Sends each of the conversation's sockets its framing of one thing, if it has one. */
  send(conversationId: string, frames: Frames): void {
    const text = {
      legacy: frames.legacy && JSON.stringify(frames.legacy),
      session: frames.session && JSON.stringify(frames.session),
    };
    for (const { client, protocol } of this.byConversation.get(conversationId) ?? []) {
      const frame = text[protocol];
      if (frame) client.send(frame);
    }
  }

  close(conversationId: string, code: number, reason: string): void {
    for (const { client } of this.byConversation.get(conversationId) ?? []) client.close(code, reason);
  }

  closeAll(code: number, reason: string): void {
    for (const subscribers of this.byConversation.values())
      for (const { client } of subscribers) client.close(code, reason);
    this.byConversation.clear();
  }
}

/** What a socket route reads and counts on the server it belongs to. */
export interface SocketHost {
  readonly baseUrl: string;
  readonly store: MockStore;
  readonly agent: MockAgent;
  readonly subscribers: SocketSubscribers;
  socketConnections: number;
  readonly connectionsTo: Record<Framing, number>;
  readonly sessionSubscriptions: { conversationId: string; afterSeq: number | null }[];
  readonly refuseSockets: boolean;
  /** The server's credentials need re-activating: sockets are closed 1013 at subscribe. */
  readonly credentialsNeeded: boolean;
  /**
   * Subscribers one conversation may have (the server's PubSub allows 50), the server's own
   * among them: its event subscriber, and the title subscriber of a conversation started with
   * `autotitle` (conversation_service.py), so 48 sockets fit on a new conversation.
   */
  readonly maxSubscribers: number;
  readonly frameTap: ((frames: Frames) => void) | undefined;
  authorised(key: string | null): boolean;
}

/**
 * Both sockets take the key as the first frame. The legacy one sends the state snapshot, then
 * the history asked for by timestamp, as bare events; the session one sends `sync`, then the
 * history after `after_seq` as `durable` frames, then the snapshot as a `transient` frame.
 */
export function socketRoute(host: SocketHost, protocol: Framing) {
  const path = protocol === 'session' ? 'session' : 'events';
  const link = ws.link(`${host.baseUrl.replace(/^http/, 'ws')}/sockets/${path}/:id`);
  const { store } = host;
  return link.addEventListener('connection', ({ client, params }) => {
    host.socketConnections += 1;
    host.connectionsTo[protocol] += 1;
    if (host.refuseSockets) {
      client.close(1011, 'Unavailable');
      return;
    }
    const url = new URL(client.url);
    const conversationId = String(params.id);
    let subscribed = false;
    // What a subscriber is sent on joining (sync, replay, snapshot) is seen by the tap too:
    // the contract test validates every frame the socket really sends.
    const sendTo = (client: SocketClient, framing: Framing, frame: object) => {
      host.frameTap?.(framing === 'session' ? { session: frame } : { legacy: frame });
      client.send(JSON.stringify(frame));
    };
    const snapshotOf = (conversation: StoredConversation) => ({
      ...store.clockFor(conversation).next(),
      kind: 'ConversationStateUpdateEvent',
      source: 'environment',
      key: 'full_state',
      value: {
        execution_status: conversation.info.execution_status,
        confirmation_policy: conversation.info.confirmation_policy,
      },
    });
    const subscribe = () => {
      // As session_socket.py (1.58): credentials first, then the conversation, then the cap.
      if (host.credentialsNeeded) {
        client.close(1013, 'credential_binding_activation_required');
        return;
      }
      const conversation = store.get(conversationId);
      if (!conversation) {
        client.close(4004, 'Conversation not found');
        return;
      }
      const serverOwn = 1 + (host.agent.titleSubscribed.has(conversationId) ? 1 : 0);
      if (host.subscribers.count(conversationId) + serverOwn >= host.maxSubscribers) {
        client.close(1013, 'Too many connections for this conversation');
        return;
      }
      subscribed = true;
      if (protocol === 'session') {
        const afterParam = url.searchParams.get('after_seq');
        const after = afterParam === null ? null : Number(afterParam);
        host.sessionSubscriptions.push({ conversationId, afterSeq: after });
        const through = conversation.events.length - 1;
        sendTo(client, 'session', syncFrame(after, through));
        if (after !== null) {
          for (let seq = Math.max(after + 1, 0); seq <= through; seq++)
            sendTo(client, 'session', { type: 'durable', seq, event: conversation.events[seq] });
        }
        sendTo(client, 'session', transientFrame(snapshotOf(conversation)));
      } else {
        sendTo(client, 'legacy', snapshotOf(conversation));
        const mode = url.searchParams.get('resend_mode');
        const after = url.searchParams.get('after_timestamp');
        const replay =
          mode === 'all'
            ? conversation.events
            : mode === 'since' && after
              ? conversation.events.filter((e) => e.timestamp >= after)
              : [];
        for (const event of replay) sendTo(client, 'legacy', event);
      }
      host.subscribers.add(conversationId, { client, protocol });
    };
    const authTimer = setTimeout(
      () => !subscribed && client.close(4001, 'Authentication failed'),
      AUTH_TIMEOUT_MS,
    );
    // A server without keys accepts at once and ignores the auth frame.
    if (store.sessionApiKeys.length === 0) {
      clearTimeout(authTimer);
      subscribe();
    }
    const reject = (conversation: StoredConversation, code: string, detail: string) =>
      client.send(
        JSON.stringify(
          protocol === 'session'
            ? { type: 'error', code, detail }
            : {
                ...store.clockFor(conversation).next(),
                kind: 'ServerErrorEvent',
                source: 'environment',
                code,
                detail,
              },
        ),
      );
    client.addEventListener('message', (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        data = undefined;
      }
      const isAuth = isRecord(data) && data.type === 'auth';
      if (!subscribed) {
        clearTimeout(authTimer);
        if (
          !isAuth ||
          !host.authorised(
            typeof data === 'object' && data && 'session_api_key' in data
              ? String(data.session_api_key)
              : null,
          )
        ) {
          client.close(4001, 'Authentication failed');
          return;
        }
        subscribe();
        return;
      }
      if (isAuth) return;
      const conversation = store.get(conversationId);
      if (!conversation) return;
      if (
        !isRecord(data) ||
        !Array.isArray(data.content) ||
        (data.role !== undefined && data.role !== 'user')
      ) {
        reject(conversation, 'ValidationError', 'The frame is not a message.');
        return;
      }
      const content = messageContent(data.content);
      if (!content) {
        reject(conversation, 'ValidationError', 'The message content is not text and images.');
        return;
      }
      // The socket always runs the agent after a message, whatever `run` says.
      host.agent.message(conversation, content, true);
    });
    client.addEventListener('close', () => host.subscribers.remove(conversationId, client));
  });
}
