import { createStore, type StoreApi } from 'zustand/vanilla';
import { HttpError } from '@openhands/typescript-client/client/http-client';
import type { AgentServerClients } from '../agent-server/client';
import { describeError, httpStatus } from '../agent-server/client';
import {
  asServerEvent,
  contentText,
  isExecutionStatus,
  isRecord,
  type ConversationInfo,
  type ExecutionStatus,
  type MessageEvent,
  type ServerEvent,
} from '../agent-server/protocol';
import { ConversationSocket, type ConnectionState, type SocketEnvironment } from '../agent-server/socket';
import { ConversationEventLog } from './eventLog';
import { isActive } from './projection';

// The live session of one open conversation: it feeds socket frames and REST reconciles into
// the event log, keeps the execution status, the streaming bubble and the messages on their way,
// and turns the user's commands (send, stop, continue, approve) into REST or socket calls.

export interface PendingMessage {
  localId: string;
  text: string;
  sentAt: number;
  /** sending: not yet handed over; sent: handed over, waiting for the server's echo; failed: not delivered. */
  state: 'sending' | 'sent' | 'failed';
  via?: 'socket' | 'rest';
  error?: string;
}

export interface LiveState {
  status: ExecutionStatus | undefined;
  connection: ConnectionState;
  /** Text of the agent turn being streamed (StreamingDeltaEvent), never persisted. */
  stream: { content: string; reasoning: string };
  pending: PendingMessage[];
  stopping: boolean;
  /** The last thing that went wrong, in words, for a banner. */
  problem: string | undefined;
}

export interface SessionDependencies {
  clients: AgentServerClients;
  serverUrl: string;
  sessionApiKey: string;
  /** Called when the run stops (running → anything else) or a gap was filled. */
  onSettled: () => void;
  socketEnvironment?: SocketEnvironment;
  now?: () => number;
  /** Runs a function before the next paint; deltas are applied at most once per frame. */
  scheduleFrame?: (fn: () => void) => void;
}

const nextFrame = (fn: () => void) =>
  typeof requestAnimationFrame === 'function' ? void requestAnimationFrame(() => fn()) : queueMicrotask(fn);

const EMPTY_STREAM = { content: '', reasoning: '' };
const RECONCILE_PAGE = 100;

export class ConversationSession {
  readonly live: StoreApi<LiveState>;
  private socket: ConversationSocket | undefined;
  private openedBefore = false;
  private nextLocalId = 0;
  private readonly now: () => number;
  private readonly scheduleFrame: (fn: () => void) => void;
  /** Deltas received since the last frame. */
  private unflushed = EMPTY_STREAM;
  private flushScheduled = false;

  constructor(
    readonly conversationId: string,
    readonly log: ConversationEventLog,
    private readonly deps: SessionDependencies,
  ) {
    this.now = deps.now ?? Date.now;
    this.scheduleFrame = deps.scheduleFrame ?? nextFrame;
    this.live = createStore<LiveState>(() => ({
      status: undefined,
      connection: { kind: 'closed' },
      stream: EMPTY_STREAM,
      pending: [],
      stopping: false,
      problem: undefined,
    }));
  }

  start(): void {
    if (this.socket) return;
    this.socket = new ConversationSocket(
      {
        serverUrl: this.deps.serverUrl,
        conversationId: this.conversationId,
        sessionApiKey: this.deps.sessionApiKey,
        cursor: () => this.log.projection.newestTimestamp,
        onFrame: (frame) => this.receive(frame),
        onMalformedFrame: () => this.log.ingest([null]),
        onState: (state) => this.connectionChanged(state),
        onSilence: () => void this.checkSilence(),
      },
      this.deps.socketEnvironment,
    );
    this.socket.start();
  }

  reconnectNow(): void {
    this.socket?.reconnectNow();
  }

  stop(): void {
    this.socket?.stop();
    this.socket = undefined;
  }

  /** The status from a REST read of the conversation, used until (and besides) the socket. */
  noteConversationInfo(info: ConversationInfo | undefined): void {
    if (info && isExecutionStatus(info.execution_status)) this.setStatus(info.execution_status);
  }

  /** Applies one frame or REST event. Exposed for the REST reconcile and for tests. */
  receive(frame: unknown): void {
    const event = asServerEvent(frame);
    if (!event) {
      this.log.ingest([frame]);
      return;
    }
    switch (event.kind) {
      case 'StreamingDeltaEvent':
        this.appendDelta(event as ServerEvent & { content?: unknown; reasoning_content?: unknown });
        return;
      case 'ServerErrorEvent':
        this.serverError(event);
        return;
      case 'ConversationStateUpdateEvent': {
        const update = event as ServerEvent & { key?: unknown; value?: unknown };
        const status =
          update.key === 'full_state' && isRecord(update.value)
            ? update.value.execution_status
            : update.key === 'execution_status'
              ? update.value
              : undefined;
        // full_state is a snapshot made for this subscriber, not part of the persisted history.
        if (update.key !== 'full_state') this.log.ingest([event]);
        if (isExecutionStatus(status)) this.setStatus(status);
        return;
      }
    }
    const known = this.log.projection.has(event.id);
    this.log.ingest([event]);
    if (known) return;
    if (event.kind === 'MessageEvent' && event.source === 'user') this.echoed(event as MessageEvent);
    if (event.source === 'agent' || event.kind === 'InterruptEvent') this.clearStream();
  }

  // ---- commands -------------------------------------------------------------------------

  async send(text: string): Promise<void> {
    const localId = `local-${++this.nextLocalId}`;
    const message: PendingMessage = { localId, text, sentAt: this.now(), state: 'sending' };
    this.live.setState((s) => ({ pending: [...s.pending, message] }));
    await this.deliver(message);
  }

  async retry(localId: string): Promise<void> {
    const message = this.live.getState().pending.find((m) => m.localId === localId);
    if (!message || message.state !== 'failed') return;
    this.updatePending(localId, { state: 'sending', error: undefined, sentAt: this.now() });
    await this.deliver({ ...message, sentAt: this.now() });
  }

  discard(localId: string): void {
    this.live.setState((s) => ({ pending: s.pending.filter((m) => m.localId !== localId) }));
  }

  /** Stop at once: interrupt cancels even an LLM call in flight; older servers only pause. */
  async interrupt(): Promise<void> {
    this.live.setState({ stopping: true, problem: undefined });
    const conversations = this.deps.clients.conversations;
    try {
      try {
        await conversations.interruptConversation(this.conversationId);
      } catch (error) {
        if (httpStatus(error) !== 404 && httpStatus(error) !== 405) throw error;
        await conversations.pauseConversation(this.conversationId);
      }
    } catch (error) {
      this.live.setState({ stopping: false, problem: `Stop failed. ${describeError(error)}` });
    }
  }

  async continueRun(): Promise<void> {
    try {
      await this.deps.clients.conversations.runConversation(this.conversationId);
    } catch (error) {
      if (httpStatus(error) === 409) return; // already running
      this.live.setState({ problem: `Continue failed. ${describeError(error)}` });
    }
  }

  async respondToConfirmation(accept: boolean): Promise<void> {
    try {
      await this.deps.clients.conversations.respondToConfirmation(this.conversationId, {
        accept,
        ...(accept ? {} : { reason: 'Rejected in Tether' }),
      });
    } catch (error) {
      this.live.setState({ problem: `${accept ? 'Approve' : 'Reject'} failed. ${describeError(error)}` });
    }
  }

  async setConfirmationRequired(required: boolean): Promise<boolean> {
    try {
      await this.deps.clients.conversations.setConfirmationPolicy(this.conversationId, {
        kind: required ? 'AlwaysConfirm' : 'NeverConfirm',
      } as never);
      return true;
    } catch (error) {
      this.live.setState({ problem: `The confirmation setting was not changed. ${describeError(error)}` });
      return false;
    }
  }

  // ---- internals --------------------------------------------------------------------------

  private async deliver(message: PendingMessage): Promise<void> {
    const frame = { role: 'user', content: [{ type: 'text', text: message.text }], run: true };
    if (this.socket?.send(frame)) {
      this.updatePending(message.localId, { state: 'sent', via: 'socket' });
      return;
    }
    try {
      // May take as long as a running tool holds the server's state lock: not a failure.
      await this.deps.clients.conversations.sendEvent(
        this.conversationId,
        { role: 'user', content: frame.content },
        { run: true },
      );
      this.updatePending(message.localId, { state: 'sent', via: 'rest' });
      // The socket may be down: fetch the echo (and the agent's answer so far) over REST.
      if (this.live.getState().connection.kind !== 'open') void this.reconcile();
    } catch (error) {
      this.updatePending(message.localId, { state: 'failed', error: describeError(error) });
    }
  }

  private updatePending(localId: string, patch: Partial<PendingMessage>): void {
    this.live.setState((s) => ({
      pending: s.pending.map((m) => (m.localId === localId ? { ...m, ...patch } : m)),
    }));
  }

  /** The server's copy of a message we sent replaces its optimistic bubble (first match wins). */
  private echoed(event: MessageEvent): void {
    const text = contentText(event.llm_message.content);
    const pending = this.live.getState().pending;
    // A message marked failed after a dropped socket may still arrive: it was delivered after all.
    const match =
      pending.find((m) => m.state !== 'failed' && m.text === text) ?? pending.find((m) => m.text === text);
    if (match) this.discard(match.localId);
  }

  private appendDelta(event: { content?: unknown; reasoning_content?: unknown }): void {
    const content = typeof event.content === 'string' ? event.content : '';
    const reasoning = typeof event.reasoning_content === 'string' ? event.reasoning_content : '';
    if (!content && !reasoning) return;
    this.unflushed = {
      content: this.unflushed.content + content,
      reasoning: this.unflushed.reasoning + reasoning,
    };
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // A fast stream sends hundreds of deltas a second: the screen needs one update a frame.
    this.scheduleFrame(() => this.flushDeltas());
  }

  private flushDeltas(): void {
    this.flushScheduled = false;
    const { content, reasoning } = this.unflushed;
    this.unflushed = EMPTY_STREAM;
    if (!content && !reasoning) return;
    // Deltas only belong to a running turn: once stopped, late ones are dropped (seed 000).
    const { status, stopping } = this.live.getState();
    if (stopping || (status !== undefined && !isActive(status))) return;
    this.live.setState((s) => ({
      stream: { content: s.stream.content + content, reasoning: s.stream.reasoning + reasoning },
    }));
  }

  /** The live bubble is replaced (by the persisted event) or abandoned (stop, drop). */
  private clearStream(): void {
    this.unflushed = EMPTY_STREAM;
    this.live.setState({ stream: EMPTY_STREAM });
  }

  private serverError(event: ServerEvent): void {
    const detail = isRecord(event) && typeof event.detail === 'string' ? event.detail : 'unknown error';
    // The server answers a message it could not take with this event: the last socket send failed.
    const lastSocketSend = [...this.live.getState().pending]
      .reverse()
      .find((m) => m.state === 'sent' && m.via === 'socket');
    if (lastSocketSend) this.updatePending(lastSocketSend.localId, { state: 'failed', error: detail });
    this.live.setState({ problem: `The agent-server reported an error: ${detail}` });
  }

  private setStatus(next: ExecutionStatus): void {
    const previous = this.live.getState().status;
    if (previous === next) return;
    const wasActive = isActive(previous);
    const nowActive = isActive(next);
    if (!nowActive) this.unflushed = EMPTY_STREAM;
    this.live.setState({
      status: next,
      ...(nowActive ? {} : { stream: EMPTY_STREAM, stopping: false }),
    });
    if (wasActive && !nowActive) this.deps.onSettled();
  }

  private connectionChanged(state: ConnectionState): void {
    this.live.setState({ connection: state });
    if (state.kind === 'key-rejected') {
      this.live.setState({
        problem: 'The agent-server rejected the session API key (4001). Check Connection settings.',
      });
    } else if (state.kind === 'gone') {
      this.live.setState({ problem: 'The agent-server does not know this conversation any more (4004).' });
    } else if (state.kind === 'open') {
      if (this.openedBefore) void this.reconcile();
      this.openedBefore = true;
    } else if (state.kind === 'reconnecting' || state.kind === 'offline') {
      // The stream is cut: its partial text would be stale when the socket comes back.
      this.clearStream();
    }
  }

  /**
   * Fills the gap after a reconnect or a REST send: every event since the newest one held, page
   * by page, plus the conversation's status. Messages sent over a socket that died before their
   * echo arrived and are still not in the history are marked as not delivered.
   */
  async reconcile({ settle = true } = {}): Promise<void> {
    const startedAt = this.now();
    const conversations = this.deps.clients.conversations;
    try {
      const since = this.log.projection.newestTimestamp;
      let pageId: string | undefined;
      for (let guard = 0; guard < 1000; guard++) {
        const page = (await conversations.searchEvents(this.conversationId, {
          limit: RECONCILE_PAGE,
          sort_order: 'TIMESTAMP',
          ...(since ? { timestamp__gte: since } : {}),
          ...(pageId ? { page_id: pageId } : {}),
        })) as unknown as { items?: unknown; next_page_id?: string | null };
        for (const item of Array.isArray(page.items) ? page.items : []) this.receive(item);
        if (!page.next_page_id) break;
        pageId = page.next_page_id;
      }
      this.noteConversationInfo(
        (await conversations.getConversation(this.conversationId)) as unknown as ConversationInfo,
      );
      for (const message of this.live.getState().pending) {
        if (message.state === 'sent' && message.via === 'socket' && message.sentAt < startedAt) {
          this.updatePending(message.localId, {
            state: 'failed',
            error: 'The connection dropped before the server confirmed this message.',
          });
        }
      }
      if (settle) this.deps.onSettled();
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        this.live.setState({ problem: 'The agent-server does not know this conversation any more.' });
      }
      // Otherwise the next reconnect tries again; the socket's resend covers the gap too.
    }
  }

  /** A silent socket during a run is fine while a tool works, dead if REST has newer events. */
  private async checkSilence(): Promise<void> {
    if (!isActive(this.live.getState().status)) return;
    const conversations = this.deps.clients.conversations;
    try {
      const since = this.log.projection.newestTimestamp;
      const page = (await conversations.searchEvents(this.conversationId, {
        limit: 5,
        ...(since ? { timestamp__gte: since } : {}),
      })) as unknown as { items?: unknown[] };
      const missed = (page.items ?? []).some((item) => {
        const event = asServerEvent(item);
        return event !== null && !this.log.projection.has(event.id);
      });
      if (missed) this.socket?.reconnectNow();
      else
        this.noteConversationInfo(
          (await conversations.getConversation(this.conversationId)) as unknown as ConversationInfo,
        );
    } catch {
      this.socket?.reconnectNow();
    }
  }
}
