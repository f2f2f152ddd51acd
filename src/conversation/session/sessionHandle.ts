import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConversationSession, SessionDependencies } from '../liveSession';
import type { ConversationEventLog } from '../eventLog';
import { SessionCommands } from './commands';
import { dispatchTo, initialLiveState, type LiveState } from './liveState';
import { protocolFor } from './socketProtocols';

// A conversation's first rows need none of its socket's code (the socket, its frames, the gap
// filler, the delta buffer: a chunk of about 6 KB gzip), so that code loads in the page's first
// idle moment. Until it is in, this stands in for the session: the screen reads the same state,
// a person's commands work at once (a message goes over REST, as whenever no socket is open), and
// whatever the session is told meanwhile it is told, in the same order, once it exists.

/** What the screen and its commands ask of a conversation's live session. */
export type LiveSession = Pick<
  SessionHandle,
  'conversationId' | 'log' | 'live' | 'heldThroughSeq' | 'holdsEverything' | 'reconnectNow' | 'commands'
>;

/** The session's code, as its chunk gives it. */
export type SessionCode = () => Promise<{ ConversationSession: typeof ConversationSession }>;

/** How long a failed load of the session's code waits before it is tried again. */
export const SESSION_CODE_RETRY_MS = 5_000;

export class SessionHandle {
  readonly live: StoreApi<LiveState>;
  /** What a person asks of the conversation: usable at once, before the socket's code is in. */
  readonly commands: SessionCommands;
  private session: ConversationSession | undefined;
  private loading: Promise<ConversationSession | undefined> | undefined;
  /** What the session is to be told once it exists, oldest first. */
  private told: ((session: ConversationSession) => void)[] = [];
  private failedLoads = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly conversationId: string,
    readonly log: ConversationEventLog,
    private readonly deps: SessionDependencies,
    private readonly code: SessionCode,
  ) {
    this.live = createStore<LiveState>(() => initialLiveState(protocolFor(deps.serverUrl)));
    this.commands = new SessionCommands(
      conversationId,
      deps.clients,
      this.live,
      {
        sendOverSocket: (frame) => this.session?.sendOverSocket(frame) ?? false,
        // Before the session exists its first read of the server brings the echo anyway.
        afterRestSend: () => this.session?.afterRestSend(),
      },
      deps.now ?? Date.now,
    );
  }

  /**
   * Loads the session's code (once; again after a failure) and makes the session. A load that
   * fails says so as a lost connection, and is tried again after a while or on "Try now".
   */
  load(): Promise<ConversationSession | undefined> {
    this.loading ??= this.code().then(
      ({ ConversationSession: Session }) => {
        const session = new Session(this.conversationId, this.log, this.deps, {
          live: this.live,
          commands: this.commands,
        });
        this.session = session;
        const told = this.told;
        this.told = [];
        for (const tell of told) tell(session);
        return session;
      },
      () => {
        this.loading = undefined;
        this.failedLoads += 1;
        const retryAt = (this.deps.now ?? Date.now)() + SESSION_CODE_RETRY_MS;
        dispatchTo(this.live)({
          type: 'connection changed',
          connection: { kind: 'reconnecting', attempt: this.failedLoads, retryAt },
        });
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => void this.load(), SESSION_CODE_RETRY_MS);
        return undefined;
      },
    );
    return this.loading;
  }

  private tell(message: (session: ConversationSession) => void): void {
    if (this.session) message(this.session);
    else this.told.push(message);
  }

  start(): void {
    this.tell((session) => session.start());
  }

  stop(): void {
    clearTimeout(this.retryTimer);
    this.tell((session) => session.stop());
  }

  resumeAfter(seq: number | undefined): void {
    this.tell((session) => session.resumeAfter(seq));
  }

  resumeAnew(): void {
    this.tell((session) => session.resumeAnew());
  }

  noteConversationInfo(info: unknown): void {
    this.tell((session) => session.noteConversationInfo(info));
  }

  historyLoaded(newestEventId: string | undefined): void {
    this.tell((session) => session.historyLoaded(newestEventId));
  }

  /** "Try now": a session whose code did not load tries again at once. */
  reconnectNow(): void {
    if (this.session) this.session.reconnectNow();
    else if (!this.loading) {
      clearTimeout(this.retryTimer);
      void this.load();
    }
  }

  /** Until the session exists the log holds only history not yet joined to it: never everything. */
  get holdsEverything(): boolean {
    return this.session?.holdsEverything ?? false;
  }

  get heldThroughSeq(): number | undefined {
    return this.session?.heldThroughSeq;
  }
}
