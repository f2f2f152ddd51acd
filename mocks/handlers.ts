import { http, HttpResponse, passthrough, ws, type HttpResponseResolver } from 'msw';
import { MOCK_SERVER_URL, SECOND_MOCK_SERVER_URL, THIRD_MOCK_SERVER_URL } from '../src/agent-server/servers';
import {
  contentText,
  isRecord,
  type Content,
  type MessageEvent,
  type ServerEvent,
} from '../src/agent-server/protocol';
import { MockAgent, type MockTab, type StreamProgress } from './agent';
import { statusUpdate } from './events';
import { treeHandlers } from './treeHandlers';
import { workspaceHandlers } from './workspaceHandlers';
import { shellHandlers } from './shellHandlers';
import { secretsHandlers } from './secretsHandlers';
import { mcpHandlers } from './mcpHandlers';
import { skillsHandlers } from './skillsHandlers';
import { llmHandlers } from './llmHandlers';
import { defaultAgent, type MockStore, type StoredConversation } from './store';

// The built-in mock agent-server: REST and WebSocket handlers over the store and the scripted
// agent. Status codes, bodies and socket behaviour follow the real server's routers
// (openhands/agent_server/conversation_router.py, event_router.py, sockets.py).

const AUTH_TIMEOUT_MS = 10_000;
/** Where the built-in mocks answer; what the page asks of anywhere else is none of theirs. */
const MOCK_ORIGINS = new Set(
  [MOCK_SERVER_URL, SECOND_MOCK_SERVER_URL, THIRD_MOCK_SERVER_URL].map((url) => new URL(url).origin),
);
/** A local server's runtime, as every conversation's info carries it. */
const AVAILABLE_RUNTIME = { runtime_status: 'available', can_resume: true, runtime_error: null };

type SocketClient = { send(data: string): void; close(code?: number, reason?: string): void };
type Subscriber = { client: SocketClient; protocol: 'legacy' | 'session' };

/** The session socket's first frame: what it is about to replay, and where live frames start. */
export const syncFrame = (afterSeq: number | null, throughSeq: number) => ({
  type: 'sync',
  from_seq: afterSeq,
  through_seq: throughSeq >= 0 ? throughSeq : null,
});

export const transientFrame = (event: object) => ({ type: 'transient', event });

export class MockAgentServer {
  readonly agent: MockAgent;
  /** Socket connections opened so far: tests count reconnect attempts with it. */
  socketConnections = 0;
  /** The same, per socket route. */
  readonly connectionsTo = { legacy: 0, session: 0 };
  /** Each session socket's subscription, with the `after_seq` it asked for (null: live only). */
  readonly sessionSubscriptions: { conversationId: string; afterSeq: number | null }[] = [];
  /** Test control: while set, every new socket is closed at once (a server that is down). */
  refuseSockets = false;
  /** Test control: uploads are answered after this long. */
  uploadDelayMs = 0;
  /**
   * Test control: the tools /server_info reports usable (list_usable_tools()). By default those
   * of a server without a browser (sub-agents and child conversations, as 1.57.0 and 1.58.2 list
   * them); a journey adds `browser_tool_set` for one with it.
   */
  usableTools = ['terminal', 'file_editor', 'task_tracker', 'task_tool_set', 'start_child_conversation'];
  /**
   * Test control: VS Code enabled and running on the server. Off by default, as on a server
   * started with OH_ENABLE_VSCODE=false (the real journeys' servers).
   */
  vsCode = false;
  /** Test control: how long interrupt and pause take to answer. */
  stopDelayMs = 0;
  /** Test control: the next requests whose path and query contain a text fail with a status. */
  private failures: { match: string | RegExp; count: number; status: number }[] = [];
  failRequests(match: string | RegExp, count = 1, status = 503): void {
    this.failures.push({ match, count, status });
  }

  /** Test control: requests whose path and query contain a text are answered this much later. */
  private delays: { match: string | RegExp; ms: number }[] = [];
  slowRequests(match: string | RegExp, ms: number): void {
    this.delays = [
      ...this.delays.filter((d) => String(d.match) !== String(match)),
      ...(ms > 0 ? [{ match, ms }] : []),
    ];
  }

  /**
   * Test control: requests whose path and query match wait until released: what the screen shows
   * before the server answers. `tether.mock-hold` in sessionStorage (a regular expression) holds
   * from the first request after a reload.
   */
  private holds: { match: RegExp; release: Promise<void>; done: () => void }[] = [];
  holdRequests(match: RegExp): void {
    let done = () => {};
    const release = new Promise<void>((resolve) => (done = resolve));
    this.holds.push({ match, release, done });
  }
  releaseRequests(): void {
    for (const hold of this.holds) hold.done();
    this.holds = [];
  }

  /**
   * Test control: where a conversation runs (`runtime_info`, as on a server with a docker runtime;
   * every conversation's is available otherwise). Reprovision starts a new one, ready after
   * `runtimeStartMs`.
   */
  setRuntime(conversationId: string, runtime: object | undefined): void {
    if (runtime) this.runtimes.set(conversationId, runtime);
    else this.runtimes.delete(conversationId);
  }
  runtimeStartMs = 600;
  private readonly runtimes = new Map<string, object>();
  private withRuntime<T extends { id: string }>(info: T): T & { runtime_info: object } {
    return { ...info, runtime_info: this.runtimes.get(info.id) ?? AVAILABLE_RUNTIME };
  }

  /** Test control: the server dies (every request a network error, every socket refused) or comes back. */
  setDown(down: boolean): void {
    this.down = down;
    this.refuseSockets = down;
    if (down) this.closeAll(1006, 'Server gone');
  }
  private down = false;
  /** Sees every frame the agent's work produces, in both framings (the contract test checks them). */
  frameTap: ((frames: { legacy?: object; session?: object }) => void) | undefined;
  private readonly sockets = new Map<string, Set<Subscriber>>();

  /** `sessionSocket: false` plays an older server that has only `/sockets/events`. */
  constructor(
    readonly store: MockStore,
    private readonly options: { sessionSocket: boolean; tab?: MockTab; baseUrl?: string } = {
      sessionSocket: true,
    },
  ) {
    this.agent = new MockAgent(
      store,
      (conversation, event) => this.publish(conversation, event),
      (conversation, frame) => this.progress(conversation, frame),
      options.tab,
    );
  }

  /**
   * Another tab of this browser changed the shared journal: its new events go to this tab's
   * sockets as if this server had persisted them, and runs its closing tab left are taken over.
   */
  followOtherTab(journal: string): void {
    const { appended, deleted } = this.store.applyJournal(journal, this.options.tab?.id);
    for (const [conversation, event] of appended) {
      const seq = conversation.events.indexOf(event);
      this.send(conversation.info.id, { legacy: event, session: { type: 'durable', seq, event } });
    }
    for (const id of deleted)
      for (const { client } of this.sockets.get(id) ?? []) client.close(4004, 'Conversation not found');
    this.agent.resumeAll();
  }

  /**
   * Test control: the next persisted event of this kind reaches no session socket, as when the
   * real server publishes an event before persisting it (it then goes out as `transient`, with no
   * seq) or a frame is lost. Only a resume from below the hole brings it.
   */
  dropNextDurable(kind: string): void {
    this.durableToDrop = kind;
  }
  private durableToDrop: string | undefined;

  /** Persists an event and sends it to every subscriber, each socket in its own framing. */
  publish(conversation: StoredConversation, event: ServerEvent): void {
    const persisted = this.store.append(conversation, event);
    const seq = conversation.events.length - 1;
    const dropped = this.durableToDrop === persisted.kind;
    if (dropped) this.durableToDrop = undefined;
    this.send(conversation.info.id, {
      legacy: persisted,
      session: dropped ? undefined : { type: 'durable', seq, event: persisted },
    });
  }

  /** Stream progress: session sockets get the frame, legacy ones a StreamingDeltaEvent. */
  progress(conversation: StoredConversation, frame: StreamProgress): void {
    const legacy: ServerEvent | undefined =
      frame.type === 'delta'
        ? {
            ...this.store.clockFor(conversation).next(),
            kind: 'StreamingDeltaEvent',
            source: 'agent',
            [frame.kind === 'reasoning' ? 'reasoning_content' : 'content']: frame.content,
          }
        : undefined;
    this.send(conversation.info.id, { legacy, session: frame });
  }

  private send(conversationId: string, frames: { legacy?: object; session?: object }): void {
    this.frameTap?.(frames);
    const text = {
      legacy: frames.legacy && JSON.stringify(frames.legacy),
      session: frames.session && JSON.stringify(frames.session),
    };
    for (const { client, protocol } of this.sockets.get(conversationId) ?? []) {
      const frame = text[protocol];
      if (frame) client.send(frame);
    }
  }

  /** Test control: every open socket drops, as when the network blips. */
  dropSockets(): void {
    this.closeAll(1001, 'Going away');
  }

  /** Test control: the server's key changes; open sockets are closed as unauthenticated. */
  rejectKey(newKey = 'rotated-key'): void {
    this.store.sessionApiKeys = [newKey];
    this.closeAll(4001, 'Authentication failed');
  }

  /**
   * Bench control: the conversation runs and receives `count` streaming deltas at `perSecond`,
   * in ticks of 20 ms, then finishes.
   */
  async streamDeltas(conversationId: string, count: number, perSecond: number): Promise<void> {
    const conversation = this.store.get(conversationId);
    if (!conversation) throw new Error(`No conversation ${conversationId}`);
    const clock = this.store.clockFor(conversation);
    this.store.setStatus(conversation, 'running');
    this.publish(conversation, statusUpdate(clock, 'running'));
    const perTick = Math.max(1, Math.round(perSecond / 50));
    const itemId = clock.next().id;
    this.progress(conversation, { type: 'item_started', item_id: itemId, attempt: 1, anchor_seq: null });
    for (let sent = 0; sent < count;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (let i = 0; i < perTick && sent < count; i++, sent++) {
        this.progress(conversation, {
          type: 'delta',
          item_id: itemId,
          attempt: 1,
          order: sent,
          kind: 'text',
          content: `token${sent} `,
        });
      }
    }
    this.progress(conversation, {
      type: 'item_aborted',
      item_id: itemId,
      attempt: 1,
      reason: 'no_durable_event',
    });
    this.store.setStatus(conversation, 'finished');
    this.publish(conversation, statusUpdate(clock, 'finished'));
  }

  /** Test control: a hard kill and restart while the agent works. */
  restart(): void {
    this.agent.restart();
    this.closeAll(1012, 'Service restart');
  }

  /**
   * Test control: the app's own files whose path matches fail to load, as when the network
   * blinks or a deploy replaced them (the page's requests pass through this worker, so a
   * Playwright route never sees them). `undefined` lets every file load again.
   */
  failAssets(pathPattern: string | undefined): void {
    this.failedAssets = pathPattern === undefined ? undefined : new RegExp(pathPattern);
  }
  private failedAssets: RegExp | undefined;

  /**
   * This server's routes, behind a gate for everything else the page asks for (its scripts,
   * styles, icons): those go to the network at once, or fail when `failAssets` says so. Left to
   * fall through, each such request was tried against every route of the three mocks, each route
   * compiling its path and reading `document.cookie` (a round trip to the browser) for it: 5 to
   * 15 ms of the page's main thread per file, just when the first rows want to paint.
   */
  handlers() {
    return [
      http.all(
        ({ request }) => !MOCK_ORIGINS.has(new URL(request.url).origin),
        ({ request }) =>
          this.failedAssets?.test(new URL(request.url).pathname) ? HttpResponse.error() : passthrough(),
      ),
      ...this.restAndSocketHandlers(),
    ];
  }

  /** The server's own routes only: what a second mock beside the first one answers. */
  restAndSocketHandlers() {
    return [
      ...this.restHandlers(),
      this.socketHandler('legacy'),
      ...(this.options.sessionSocket ? [this.socketHandler('session')] : []),
    ];
  }

  private closeAll(code: number, reason: string): void {
    for (const subscribers of this.sockets.values())
      for (const { client } of subscribers) client.close(code, reason);
    this.sockets.clear();
  }

  private authorised(key: string | null): boolean {
    return this.store.sessionApiKeys.length === 0 || this.store.sessionApiKeys.includes(key ?? '');
  }

  /**
   * `/sockets/events/{id}` (sockets.py) or `/sockets/session/{id}` (session_socket.py). Both take
   * the key as the first frame. The legacy one sends the state snapshot, then the history asked
   * for by timestamp, as bare events; the session one sends `sync`, then the history after
   * `after_seq` as `durable` frames, then the snapshot as a `transient` frame.
   */
  private socketHandler(protocol: Subscriber['protocol']) {
    const path = protocol === 'session' ? 'session' : 'events';
    const link = ws.link(`${this.baseUrl.replace(/^http/, 'ws')}/sockets/${path}/:id`);
    return link.addEventListener('connection', ({ client, params }) => {
      this.socketConnections += 1;
      this.connectionsTo[protocol] += 1;
      if (this.refuseSockets) {
        client.close(1011, 'Unavailable');
        return;
      }
      const url = new URL(client.url);
      const conversationId = String(params.id);
      let subscribed = false;
      // What a subscriber is sent on joining (sync, replay, snapshot) is seen by the tap too:
      // the contract test validates every frame the socket really sends.
      const sendTo = (client: SocketClient, framing: Subscriber['protocol'], frame: object) => {
        this.frameTap?.(framing === 'session' ? { session: frame } : { legacy: frame });
        client.send(JSON.stringify(frame));
      };
      const snapshotOf = (conversation: StoredConversation) => ({
        ...this.store.clockFor(conversation).next(),
        kind: 'ConversationStateUpdateEvent',
        source: 'environment',
        key: 'full_state',
        value: {
          execution_status: conversation.info.execution_status,
          confirmation_policy: conversation.info.confirmation_policy,
        },
      });
      const subscribe = () => {
        const conversation = this.store.get(conversationId);
        if (!conversation) {
          client.close(4004, 'Conversation not found');
          return;
        }
        subscribed = true;
        if (protocol === 'session') {
          const afterParam = url.searchParams.get('after_seq');
          const after = afterParam === null ? null : Number(afterParam);
          this.sessionSubscriptions.push({ conversationId, afterSeq: after });
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
        let set = this.sockets.get(conversationId);
        if (!set) this.sockets.set(conversationId, (set = new Set()));
        set.add({ client, protocol });
      };
      const authTimer = setTimeout(
        () => !subscribed && client.close(4001, 'Authentication failed'),
        AUTH_TIMEOUT_MS,
      );
      // A server without keys accepts at once and ignores the auth frame.
      if (this.store.sessionApiKeys.length === 0) {
        clearTimeout(authTimer);
        subscribe();
      }
      const reject = (conversation: StoredConversation, code: string, detail: string) =>
        client.send(
          JSON.stringify(
            protocol === 'session'
              ? { type: 'error', code, detail }
              : {
                  ...this.store.clockFor(conversation).next(),
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
            !this.authorised(
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
        const conversation = this.store.get(conversationId);
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
        this.agent.message(conversation, content, true);
      });
      client.addEventListener('close', () => {
        const set = this.sockets.get(conversationId);
        for (const subscriber of set ?? []) if (subscriber.client === client) set!.delete(subscriber);
      });
    });
  }

  /** Where this mock answers: the built-in mock's address unless it plays another server. */
  get baseUrl(): string {
    return this.options.baseUrl ?? MOCK_SERVER_URL;
  }

  private restHandlers() {
    const api = (path: string) => `${this.baseUrl}${path}`;
    const store = this.store;
    const agent = this.agent;
    const authorisedRequest = (request: Request) => this.authorised(request.headers.get('X-Session-API-Key'));
    const workingDirOf = (id: string) => {
      const workspace = store.get(id)?.info.workspace as { working_dir?: unknown } | undefined;
      return typeof workspace?.working_dir === 'string' ? workspace.working_dir : undefined;
    };
    const unauthorized = () => HttpResponse.json({ detail: 'Unauthorized' }, { status: 401 });
    const notFound = () => HttpResponse.json({ detail: 'Not Found' }, { status: 404 });
    const success = () => HttpResponse.json({ success: true });
    const invalid = (loc: string, msg: string) =>
      HttpResponse.json({ detail: [{ loc: ['body', loc], msg }] }, { status: 422 });
    const limitParam = (url: URL): number | Response => {
      const limit = Number(url.searchParams.get('limit') ?? 100);
      if (!Number.isInteger(limit) || limit <= 0 || limit > 100) {
        return HttpResponse.json(
          { detail: [{ loc: ['query', 'limit'], msg: 'must be in 1..100' }] },
          { status: 422 },
        );
      }
      return limit;
    };
    const withConversation =
      (
        resolve: (conversation: StoredConversation, request: Request) => Response | Promise<Response>,
      ): HttpResponseResolver =>
      ({ request, params }) => {
        if (!this.authorised(request.headers.get('X-Session-API-Key'))) return unauthorized();
        const conversation = store.get(String(params.id));
        return conversation ? resolve(conversation, request) : notFound();
      };
    const record = async (request: Request): Promise<unknown> => {
      const body: unknown = await request.json().catch(() => null);
      store.received.push({ method: request.method, path: new URL(request.url).pathname, body });
      return body;
    };

    return [
      http.all(api('/*'), async ({ request }) => {
        if (this.down) return HttpResponse.error();
        const url = new URL(request.url);
        const target = decodeURIComponent(url.pathname + url.search);
        const held = this.holds.find((hold) => hold.match.test(target));
        if (held) await held.release;
        const slow = this.delays.find((d) => matches(target, d.match));
        if (slow) await new Promise((resolve) => setTimeout(resolve, slow.ms));
        const failure = this.failures.find((f) => f.count > 0 && matches(target, f.match));
        if (!failure) return undefined;
        failure.count -= 1;
        return HttpResponse.json({ detail: 'Injected failure' }, { status: failure.status });
      }),
      http.get(api('/alive'), () => HttpResponse.json({ status: 'ok' })),
      // As vscode_router.py: disabled, the status says so and the address is a 503.
      http.get(api('/api/vscode/status'), ({ request }) =>
        !this.authorised(request.headers.get('X-Session-API-Key'))
          ? HttpResponse.json({ detail: 'Unauthorized' }, { status: 401 })
          : HttpResponse.json(
              this.vsCode
                ? { running: true, enabled: true }
                : { running: false, enabled: false, message: 'VSCode is disabled in configuration' },
            ),
      ),
      http.get(api('/api/vscode/url'), ({ request }) => {
        if (!this.authorised(request.headers.get('X-Session-API-Key')))
          return HttpResponse.json({ detail: 'Unauthorized' }, { status: 401 });
        if (!this.vsCode)
          // The server's own exception handler wraps this 503 as an internal error, reason aside.
          return HttpResponse.json(
            {
              detail: 'Internal Server Error',
              exception: '503: VSCode is disabled in configuration. Set enable_vscode=true to enable.',
            },
            { status: 503 },
          );
        const url = new URL(request.url);
        const base = (url.searchParams.get('base_url') ?? 'http://localhost:8001').replace(/\/$/, '');
        const folder = encodeURIComponent(url.searchParams.get('workspace_dir') ?? 'workspace').replaceAll(
          '%2F',
          '/',
        );
        return HttpResponse.json({ url: `${base}/?tkn=mock-vscode-token&folder=${folder}` });
      }),
      http.get(api('/health'), () => HttpResponse.text('OK')),
      http.get(api('/ready'), () => HttpResponse.json({ status: 'ready' })),
      http.get(api('/server_info'), () =>
        HttpResponse.json({
          version: 'mock',
          uptime: 1,
          idle_time: 0,
          title: 'Tether mock agent-server',
          usable_tools: this.usableTools,
          conversation_runtime: 'local',
          available_conversation_runtimes: [],
        }),
      ),

      // As workspaces_router.py: the saved folders, appended to without doubles (by path).
      http.get(api('/api/workspaces'), ({ request }) => {
        if (!this.authorised(request.headers.get('X-Session-API-Key'))) return unauthorized();
        return HttpResponse.json({ workspaces: store.savedWorkspaces, workspaceParents: [] });
      }),
      http.post(api('/api/workspaces'), async ({ request }) => {
        if (!this.authorised(request.headers.get('X-Session-API-Key'))) return unauthorized();
        const body = await record(request);
        if (!isRecord(body) || !Array.isArray(body.workspaces))
          return invalid('workspaces', 'Field required');
        for (const item of body.workspaces) {
          if (!isRecord(item) || typeof item.path !== 'string' || !item.path)
            return invalid('path', 'Field required');
          if (store.savedWorkspaces.some((saved) => saved.path === item.path)) continue;
          const { path } = item;
          store.savedWorkspaces.push({ id: String(item.id ?? path), name: String(item.name ?? path), path });
        }
        return HttpResponse.json({ workspaces: store.savedWorkspaces, workspaceParents: [] });
      }),

      http.get(api('/api/conversations/search'), ({ request }) => {
        if (!this.authorised(request.headers.get('X-Session-API-Key'))) return unauthorized();
        const url = new URL(request.url);
        const limit = limitParam(url);
        if (limit instanceof Response) return limit;
        const page = store.searchConversations({
          limit,
          pageId: url.searchParams.get('page_id'),
          sortOrder: url.searchParams.get('sort_order') ?? 'CREATED_AT_DESC',
          status: url.searchParams.get('status'),
        });
        return HttpResponse.json({ ...page, items: page.items.map((info) => this.withRuntime(info)) });
      }),

      http.post(api('/api/conversations'), async ({ request }) => {
        if (!this.authorised(request.headers.get('X-Session-API-Key'))) return unauthorized();
        const body = await record(request);
        if (!isRecord(body) || !isRecord(body.agent)) return invalid('agent', 'Field required');
        const policy =
          isRecord(body.confirmation_policy) && typeof body.confirmation_policy.kind === 'string'
            ? body.confirmation_policy.kind
            : 'NeverConfirm';
        const llm = isRecord(body.agent.llm) ? body.agent.llm : {};
        const workingDir =
          isRecord(body.workspace) && typeof body.workspace.working_dir === 'string'
            ? body.workspace.working_dir
            : 'workspace';
        const conversation = store.createConversation(
          policy,
          defaultAgent(
            typeof llm.model === 'string' ? llm.model : undefined,
            typeof llm.base_url === 'string' ? llm.base_url : null,
            isRecord(body.agent.condenser),
            Array.isArray(body.agent.tools)
              ? body.agent.tools.filter((tool) => isRecord(tool) && typeof tool.name === 'string')
              : undefined,
          ),
          workingDir,
        );
        if (isRecord(body.security_analyzer))
          conversation.info.security_analyzer = { kind: String(body.security_analyzer.kind) };
        // The server's default: named from the first message unless asked not to.
        if (body.autotitle !== false) agent.nameFromFirstMessage(conversation.info.id);
        const initial = isRecord(body.initial_message) ? contentText(body.initial_message.content) : '';
        // The real server always runs after an initial message.
        if (initial) agent.message(conversation, initial, true);
        return HttpResponse.json(this.withRuntime(conversation.info), { status: 201 });
      }),

      http.get(
        api('/api/conversations/:id'),
        withConversation((conversation) => HttpResponse.json(this.withRuntime(conversation.info))),
      ),

      // As conversation_router.py: the runtime's state, and a new one asked for.
      http.get(
        api('/api/conversations/:id/runtime'),
        withConversation((conversation) =>
          HttpResponse.json(this.withRuntime(conversation.info).runtime_info),
        ),
      ),
      http.post(
        api('/api/conversations/:id/runtime/reprovision'),
        withConversation(async (conversation, request) => {
          await record(request);
          const id = conversation.info.id;
          if (!this.runtimes.has(id)) return HttpResponse.json(AVAILABLE_RUNTIME);
          const starting = { runtime_status: 'starting', can_resume: true, runtime_error: null };
          this.runtimes.set(id, starting);
          setTimeout(() => {
            if (this.runtimes.get(id) === starting) this.runtimes.delete(id);
          }, this.runtimeStartMs);
          return HttpResponse.json(starting);
        }),
      ),

      http.patch(
        api('/api/conversations/:id'),
        withConversation(async (conversation, request) => {
          const body = await record(request);
          const title = isRecord(body) && typeof body.title === 'string' ? body.title.trim() : '';
          if (!title || title.length > 200) return invalid('title', 'title must not be blank');
          conversation.info.title = title;
          conversation.info.updated_at = new Date().toISOString();
          store.touch(conversation);
          return success();
        }),
      ),

      http.delete(api('/api/conversations/:id'), ({ request, params }) => {
        if (!this.authorised(request.headers.get('X-Session-API-Key'))) return unauthorized();
        const id = String(params.id);
        this.agent.forget(id);
        // The real server answers 400 for an unknown id here, not 404.
        if (!store.remove(id)) return HttpResponse.json({ detail: 'Bad Request' }, { status: 400 });
        for (const { client } of this.sockets.get(id) ?? []) client.close(4004, 'Conversation not found');
        return success();
      }),

      http.get(
        api('/api/conversations/:id/events/search'),
        withConversation((conversation, request) => {
          const url = new URL(request.url);
          const limit = limitParam(url);
          if (limit instanceof Response) return limit;
          const events = filteredEvents(conversation.events, url);
          return HttpResponse.json(
            store.searchEvents(events, {
              limit,
              pageId: url.searchParams.get('page_id'),
              descending: url.searchParams.get('sort_order') === 'TIMESTAMP_DESC',
              gte: url.searchParams.get('timestamp__gte'),
              lt: url.searchParams.get('timestamp__lt'),
            }),
          );
        }),
      ),

      // The count the real server gives for the same filters (timestamps included).
      http.get(
        api('/api/conversations/:id/events/count'),
        withConversation((conversation, request) => {
          const url = new URL(request.url);
          const gte = url.searchParams.get('timestamp__gte');
          const lt = url.searchParams.get('timestamp__lt');
          return HttpResponse.json(
            filteredEvents(conversation.events, url).filter(
              (e) => (!gte || e.timestamp >= gte) && (!lt || e.timestamp < lt),
            ).length,
          );
        }),
      ),

      http.post(
        api('/api/conversations/:id/events'),
        withConversation(async (conversation, request) => {
          const body = await record(request);
          if (
            !isRecord(body) ||
            (body.role !== undefined && body.role !== 'user') ||
            !Array.isArray(body.content)
          ) {
            return invalid('content', 'invalid message');
          }
          const content = messageContent(body.content);
          if (!content) return invalid('content', 'content must be text and image parts');
          agent.message(conversation, content, body.run === true);
          return success();
        }),
      ),

      // Interrupt stops at once, pause after the current step; both answer after `stopDelayMs`.
      ...(['interrupt', 'pause'] as const).map((command) =>
        http.post(
          api(`/api/conversations/:id/${command}`),
          withConversation(async (conversation, request) => {
            await record(request);
            await new Promise((resolve) => setTimeout(resolve, this.stopDelayMs));
            agent[command](conversation);
            return success();
          }),
        ),
      ),

      http.post(
        api('/api/conversations/:id/run'),
        withConversation(async (conversation, request) => {
          await record(request);
          if (agent.run(conversation) === 'conflict') {
            return HttpResponse.json(
              { detail: 'Conversation already running. Wait for completion or pause first.' },
              { status: 409 },
            );
          }
          return success();
        }),
      ),

      http.post(
        api('/api/conversations/:id/events/respond_to_confirmation'),
        withConversation(async (conversation, request) => {
          const body = await record(request);
          if (!isRecord(body) || typeof body.accept !== 'boolean') return invalid('accept', 'Field required');
          agent.respond(conversation, body.accept, typeof body.reason === 'string' ? body.reason : undefined);
          return success();
        }),
      ),

      ...treeHandlers(api, store, withConversation, record),

      ...workspaceHandlers(api, store.workspace, authorisedRequest, workingDirOf, () => this.uploadDelayMs),
      ...shellHandlers(api, store.workspace, authorisedRequest, workingDirOf),
      ...secretsHandlers(api, store.secrets, authorisedRequest),
      ...mcpHandlers(api, store.mcp, authorisedRequest),
      ...skillsHandlers(api, store.skills, authorisedRequest),
      ...llmHandlers(api, authorisedRequest),

      http.post(
        api('/api/conversations/:id/confirmation_policy'),
        withConversation(async (conversation, request) => {
          const body = await record(request);
          if (!isRecord(body) || !isRecord(body.policy) || typeof body.policy.kind !== 'string')
            return invalid('policy', 'Field required');
          conversation.info.confirmation_policy = { kind: body.policy.kind };
          store.touch(conversation);
          return success();
        }),
      ),

      // The LLM for the next turns; a model is all the mock needs (the real server wants a whole LLM).
      http.post(
        api('/api/conversations/:id/switch_llm'),
        withConversation(async (conversation, request) => {
          const body = await record(request);
          if (!isRecord(body) || !isRecord(body.llm)) return invalid('llm', 'Field required');
          const { model, base_url } = body.llm;
          if (typeof model !== 'string' || !model) return invalid('model', 'Field required');
          agent.switchModel(conversation, model, typeof base_url === 'string' ? base_url : undefined);
          return success();
        }),
      ),

      // As the server's condense route: 409 with its words when the agent has no condenser.
      http.post(
        api('/api/conversations/:id/condense'),
        withConversation(async (conversation, request) => {
          await record(request);
          const condenser = isRecord(conversation.info.agent) ? conversation.info.agent.condenser : undefined;
          if (!isRecord(condenser))
            return HttpResponse.json(
              { detail: 'Cannot condense conversation: No condenser configured' },
              { status: 409 },
            );
          agent.condense(conversation);
          return success();
        }),
      ),

      http.post(
        api('/api/conversations/:id/security_analyzer'),
        withConversation(async (conversation, request) => {
          const body = await record(request);
          if (!isRecord(body) || !('security_analyzer' in body))
            return invalid('security_analyzer', 'Field required');
          const analyser = body.security_analyzer;
          conversation.info.security_analyzer = isRecord(analyser) ? { kind: String(analyser.kind) } : null;
          store.touch(conversation);
          return success();
        }),
      ),
    ];
  }
}

/** A request's decoded path and query against a test's text (contained) or pattern. */
const matches = (target: string, match: string | RegExp) =>
  typeof match === 'string' ? target.includes(match) : match.test(target);

/**
 * The events a search or count keeps for `kind`, `source` and `body`, as the server filters:
 * `body` matches, case-insensitively, the text and reasoning of messages only.
 */
function filteredEvents(events: readonly ServerEvent[], url: URL): readonly ServerEvent[] {
  const kind = url.searchParams.get('kind');
  const source = url.searchParams.get('source');
  const body = url.searchParams.get('body')?.toLowerCase();
  if (!kind && !source && body === undefined) return events;
  return events.filter(
    (e) =>
      (!kind || e.kind === kind || kind.endsWith(`.${e.kind}`)) &&
      (!source || e.source === source) &&
      (body === undefined || (messageBody(e)?.includes(body) ?? false)),
  );
}

function messageBody(event: ServerEvent): string | undefined {
  if (event.kind !== 'MessageEvent') return undefined;
  const message = (event as MessageEvent).llm_message;
  return `${contentText(message.content)} ${message.reasoning_content ?? ''}`.toLowerCase();
}

/** Text and image parts, as the server's Message model takes them; undefined for anything else. */
function messageContent(content: unknown[]): Content[] | undefined {
  const parts: Content[] = [];
  for (const part of content) {
    if (isRecord(part) && part.type === 'text' && typeof part.text === 'string')
      parts.push({ type: 'text', text: part.text });
    else if (
      isRecord(part) &&
      part.type === 'image' &&
      Array.isArray(part.image_urls) &&
      part.image_urls.every((url) => typeof url === 'string')
    )
      parts.push({ type: 'image', image_urls: part.image_urls as string[] });
    else return undefined;
  }
  return parts;
}
