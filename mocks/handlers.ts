import { bypass, http, HttpResponse, passthrough } from 'msw';
import { MOCK_SERVER_URL, SECOND_MOCK_SERVER_URL, THIRD_MOCK_SERVER_URL } from '../src/agent-server/servers';
import type { WireEvent } from '../src/agent-server/protocol';
import { MockAgent, type MockTab, type StreamProgress } from './agent';
import { statusUpdate } from './events';
import { routeKit } from './routeKit';
import { MockRuntimes } from './runtimes';
import { SocketSubscribers, socketRoute, type Frames } from './sockets';
import { serverHandlers } from './serverHandlers';
import { conversationHandlers } from './conversationHandlers';
import { eventHandlers } from './eventHandlers';
import { treeHandlers } from './treeHandlers';
import { workspaceHandlers } from './workspaceHandlers';
import { shellHandlers } from './shellHandlers';
import { secretsHandlers } from './secretsHandlers';
import { mcpHandlers } from './mcpHandlers';
import { skillsHandlers } from './skillsHandlers';
import { llmHandlers, providerConnectionHandlers } from './llmHandlers';
import type { MockStore, StoredConversation } from './store';

// The built-in mock agent-server: its routes over the store and the scripted agent, and the
// controls tests use to make it misbehave. Status codes, bodies and socket behaviour follow the
// real server's routers (openhands/agent_server/conversation_router.py, event_router.py,
// sockets.py); each group of routes has its own module beside this one.

/** Where the built-in mocks answer; what the page asks of anywhere else is none of theirs. */
const MOCK_ORIGINS = new Set(
  [MOCK_SERVER_URL, SECOND_MOCK_SERVER_URL, THIRD_MOCK_SERVER_URL].map((url) => new URL(url).origin),
);

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
  /**
   * Test control: the server's credentials need re-activating (1.58's credential bindings):
   * sockets close 1013 at subscribe, as session_socket.py does.
   */
  credentialsNeeded = false;
  /** Test control: how many subscribers one conversation may have, the server's own among them (50). */
  maxSubscribers = 50;
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
   * the runtimes' `startMs`.
   */
  setRuntime(conversationId: string, runtime: object | undefined): void {
    this.runtimes.set(conversationId, runtime);
  }
  private readonly runtimes = new MockRuntimes();

  /** Test control: the server dies (every request a network error, every socket refused) or comes back. */
  setDown(down: boolean): void {
    this.down = down;
    this.refuseSockets = down;
    if (down) this.closeAll(1006, 'Server gone');
  }
  private down = false;
  /** Sees every frame the agent's work produces, in both framings (the contract test checks them). */
  frameTap: ((frames: Frames) => void) | undefined;
  readonly subscribers = new SocketSubscribers();

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
    for (const id of deleted) this.subscribers.close(id, 4004, 'Conversation not found');
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
  publish(conversation: StoredConversation, event: WireEvent): void {
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
    const legacy: WireEvent | undefined =
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

  private send(conversationId: string, frames: Frames): void {
    this.frameTap?.(frames);
    this.subscribers.send(conversationId, frames);
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
   * Test control: scripts whose path matches load, but every name they export throws when used,
   * as a chunk of a mismatched deploy can: a component from one fails while it is drawn.
   */
  breakAssets(pathPattern: string | undefined): void {
    this.brokenAssets = pathPattern === undefined ? undefined : new RegExp(pathPattern);
  }
  private brokenAssets: RegExp | undefined;

  /** Test control: scripts whose path matches wait until `releaseAssets` (a slow network's). */
  holdAssets(pathPattern: string): void {
    this.heldAssets = new RegExp(pathPattern);
    this.assetsReleased = new Promise((resolve) => (this.releaseHeldAssets = resolve));
  }
  releaseAssets(): void {
    this.heldAssets = undefined;
    this.releaseHeldAssets();
  }
  private heldAssets: RegExp | undefined;
  private assetsReleased: Promise<void> = Promise.resolve();
  private releaseHeldAssets = () => {};

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
        async ({ request }) => {
          const path = new URL(request.url).pathname;
          if (this.failedAssets?.test(path)) return HttpResponse.error();
          if (this.brokenAssets?.test(path)) return brokenModule(await (await fetch(bypass(request))).text());
          if (this.heldAssets?.test(path)) await this.assetsReleased;
          return passthrough();
        },
      ),
      ...this.restAndSocketHandlers(),
    ];
  }

  /** The server's own routes only: what a second mock beside the first one answers. */
  restAndSocketHandlers() {
    return [
      ...this.restHandlers(),
      socketRoute(this, 'legacy'),
      ...(this.options.sessionSocket ? [socketRoute(this, 'session')] : []),
    ];
  }

  private closeAll(code: number, reason: string): void {
    this.subscribers.closeAll(code, reason);
  }

  /** The key is one this server takes (any key, when it has none). */
  authorised(key: string | null): boolean {
    return this.store.sessionApiKeys.length === 0 || this.store.sessionApiKeys.includes(key ?? '');
  }

  /** Where this mock answers: the built-in mock's address unless it plays another server. */
  get baseUrl(): string {
    return this.options.baseUrl ?? MOCK_SERVER_URL;
  }

  private restHandlers() {
    const kit = routeKit(this.baseUrl, this.store, this.agent, (key) => this.authorised(key));
    const { api, store, withConversation, record } = kit;
    const workingDirOf = (id: string) => {
      const workspace = store.get(id)?.info.workspace as { working_dir?: unknown } | undefined;
      return typeof workspace?.working_dir === 'string' ? workspace.working_dir : undefined;
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
      ...serverHandlers(kit, {
        usableTools: () => this.usableTools,
        vsCode: () => this.vsCode,
        // Without the session socket it plays a release from before it (1.57 added it).
        version: this.options.sessionSocket ? 'mock' : '1.56.0',
      }),
      ...conversationHandlers(kit, this.runtimes, {
        stopDelayMs: () => this.stopDelayMs,
        removed: (id) => this.subscribers.close(id, 4004, 'Conversation not found'),
      }),
      ...eventHandlers(kit),
      ...treeHandlers(api, store, withConversation, record),
      ...workspaceHandlers(api, store.workspace, kit.authorised, workingDirOf, () => this.uploadDelayMs),
      ...shellHandlers(api, store.workspace, kit.authorised, workingDirOf),
      ...secretsHandlers(api, store.secrets, kit.authorised),
      ...mcpHandlers(api, store.mcp, kit.authorised),
      ...skillsHandlers(api, store.skills, kit.authorised),
      ...llmHandlers(api, kit.authorised),
      ...providerConnectionHandlers(api, store.providerConnections, kit.authorised),
    ];
  }
}

/** A request's decoded path and query against a test's text (contained) or pattern. */
const matches = (target: string, match: string | RegExp) =>
  typeof match === 'string' ? target.includes(match) : match.test(target);

/** A module with the exports of `source`, each a function that throws (see `breakAssets`). */
function brokenModule(source: string): Response {
  const names = [...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap(([, list]) =>
    list!
      .split(',')
      .map((entry) =>
        entry
          .trim()
          .split(/\s+as\s+/)
          .at(-1)!,
      )
      .filter(Boolean),
  );
  const body = [
    'const broken = () => { throw new Error("This chunk is broken on purpose (the mock\'s breakAssets)."); };',
    `export { ${names.map((name) => `broken as ${name}`).join(', ')} };`,
  ].join('\n');
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/javascript' } });
}
