import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AgentServerClients } from '../agent-server/client';
import { httpStatus, readServerInfo } from '../agent-server/client';
import {
  LEGACY_ITEM,
  asServerEvent,
  contentImages,
  contentText,
  type ExecutionStatus,
} from '../agent-server/protocol';
import {
  eventsSocketUrl,
  parseLegacyFrame,
  parseSessionFrame,
  sessionSocketUrl,
  type ParsedFrame,
} from '../agent-server/sessionFrames';
import { ConversationSocket, type ConnectionState, type SocketEnvironment } from '../agent-server/socket';
import { Announcer } from './session/announcer';
import { isAgentReply } from './follow/runNotices';
import { DeltaBuffer } from './deltaBuffer';
import { ConversationEventLog } from './eventLog';
import { isActive, statusFromInfo, statusFromStateUpdate } from './executionStatus';
import { GapFiller } from './gapFiller';
import { readConversation } from './resources/conversations';
import { HistoryJoin } from './session/historyJoin';
import { ResumeCursor } from './session/resumeCursor';
import { SeqGapWatch } from './session/seqGapWatch';
import { sessionTimers, type SessionTimers } from './session/timers';
import {
  dispatchTo,
  initialLiveState,
  type LiveState,
  type SessionEvent,
  type StatusSource,
} from './session/liveState';
import { SessionCommands } from './session/commands';
import { SILENCE_CHECK_MS, lookAfterSilence } from './session/silenceCheck';
import { ProtocolDetector, chooseSocketByVersion } from './session/protocolDetection';
import { isSocketProtocolKnown, protocolFor, type SocketProtocol } from './session/socketProtocols';
import { missedMessageId } from './answers/missedMessages';
import { ANSWER_REQUEST } from './answers/answerRequest';
import { missedAnswerMode } from './answers/answerMode';
import { claimAnswerRequest } from './answers/answerClaims';
import { t } from '../i18n/i18n';
import 'virtual:tether-english/resend';

// The live session of one open conversation: the glue between its socket, its event log, the
// outbox of messages awaiting their echo (session/commands.ts, which also carries the person's
// other commands), the buffer of streaming progress and the gap filler. What the screen reads
// changes only through session/liveState.ts's reducer, by named events.
//
// Over 400 lines, and one idea: the routing. Each rule it applies has its own module under
// session/ (the resume cursor, the seq-gap watch, protocol detection, the history join, the
// silence check, announcements, the reducer) or beside it (outbox, delta buffer, gap filler);
// what is left is which frame or connection change goes to which of them, and in what order,
// and that order is easier to check when it is read in one place.
//
// The session socket (`/sockets/session/{id}`) resumes by sequence number, so a reconnect gets
// exactly what it missed; servers without it get the legacy `/sockets/events/{id}`, which
// resumes by a naive timestamp and is followed by a REST read on every reconnect.

export type { PendingMessage } from './outbox';
export type { Announcement, LiveState } from './session/liveState';

export interface SessionDependencies {
  clients: AgentServerClients;
  serverUrl: string;
  sessionApiKey: string;
  /** The run stopped (running → anything else): what the server derives from a run may change. */
  onSettled: () => void;
  /** The execution status changed, wherever it was learnt. */
  onStatus?: (status: ExecutionStatus) => void;
  /** The socket was lost, or came back after a loss: whatever says the server is up may be wrong. */
  onLinkChanged?: () => void;
  socketEnvironment?: SocketEnvironment;
  now?: () => number;
  /** Runs a function before the next paint; deltas are applied at most once per frame. */
  scheduleFrame?: (fn: () => void) => void;
  /**
   * What `/server_info` says, for the first socket's choice by version: the app's health check
   * has usually read it already (one read instead of two as a conversation opens). A fresh read
   * when not given.
   */
  serverInfo?: () => Promise<unknown>;
}

/**
 * What a session shares with the stand-in that was drawn before its code loaded (sessionHandle.ts):
 * the state the screen reads and the commands that may already have messages on their way.
 */
export interface SessionParts {
  live: StoreApi<LiveState>;
  commands: SessionCommands;
}

/** The error a socket send gets when the server kept the message but may not run another conversation. */
const RUN_LIMIT_CODE = 'ConversationRunLimitExceeded';

const nextFrame = (fn: () => void) =>
  typeof requestAnimationFrame === 'function' ? void requestAnimationFrame(() => fn()) : queueMicrotask(fn);

export class ConversationSession {
  readonly live: StoreApi<LiveState>;
  readonly commands: SessionCommands;
  private socket: ConversationSocket | undefined;
  private readonly deltas: DeltaBuffer;
  private readonly gap: GapFiller;
  /** Where the session socket resumes: the highest durable seq with none missing below it. */
  private readonly cursor = new ResumeCursor();
  private resumedAnew = false;
  private readonly seqGap: SeqGapWatch;
  private readonly timers: SessionTimers;
  /** Set while a reconnect's replay runs: its end is when unconfirmed sends are known lost. */
  private replay: { throughSeq: number; syncedAt: number } | undefined;
  /** A live-only subscription marked the cursor held through what only the join's read brings. */
  private markedLiveOnly = false;
  private openedBefore = false;
  private readonly join = new HistoryJoin((afterEventId) => void this.gap.fill({ afterEventId }));
  private readonly detector: ProtocolDetector;

  constructor(
    readonly conversationId: string,
    readonly log: ConversationEventLog,
    private readonly deps: SessionDependencies,
    parts?: SessionParts,
  ) {
    this.timers = sessionTimers(deps.socketEnvironment, deps.now);
    this.live = parts?.live ?? createStore<LiveState>(() => initialLiveState(protocolFor(deps.serverUrl)));
    this.dispatch = dispatchTo(this.live);
    const conversations = deps.clients.conversations;
    this.commands =
      parts?.commands ?? new SessionCommands(conversationId, deps.clients, this.live, this, this.timers.now);
    this.deltas = new DeltaBuffer(this.dispatch, deps.scheduleFrame ?? nextFrame);
    this.seqGap = new SeqGapWatch(this.cursor, this.timers, () => this.socket?.reconnectNow());
    this.detector = new ProtocolDetector({
      serverUrl: deps.serverUrl,
      probe: () => readServerInfo(deps.clients),
      useLegacy: () => {
        this.dispatch({ type: 'protocol chosen', protocol: 'legacy' });
        this.socket?.reconnectNow();
      },
      reconnect: () => this.socket?.reconnectNow(),
      syncLate: () => void this.readWhatServerHolds(),
      timers: this.timers,
    });
    this.gap = new GapFiller({
      conversations,
      conversationId,
      receive: (item) => this.receiveEvent(item),
      noteConversationInfo: (info) => this.noteConversationInfo(info),
      statusKnown: () => this.live.getState().statusLive,
      setState: (gap) => this.dispatch({ type: 'gap changed', gap }),
      timers: this.timers,
    });
  }

  private get protocol(): SocketProtocol {
    return this.live.getState().protocol;
  }

  start(): void {
    if (this.socket || this.choosing) return;
    const { serverUrl } = this.deps;
    if (isSocketProtocolKnown(serverUrl)) return this.openSocket();
    // The first conversation on a server reads its version to choose the socket it has.
    const choosing = chooseSocketByVersion(
      serverUrl,
      this.deps.serverInfo ?? (() => readServerInfo(this.deps.clients)),
      this.timers,
    );
    this.choosing = choosing;
    void choosing.then(() => {
      if (this.choosing !== choosing) return;
      this.choosing = undefined;
      const protocol = protocolFor(serverUrl);
      if (protocol !== this.protocol) this.dispatch({ type: 'protocol chosen', protocol });
      this.openSocket();
    });
  }

  /** Set while the server's version is read before the first socket (stop() cancels it). */
  private choosing: Promise<void> | undefined;

  private openSocket(): void {
    const { serverUrl, sessionApiKey } = this.deps;
    this.socket = new ConversationSocket(
      {
        sessionApiKey,
        url: () =>
          this.protocol === 'session'
            ? sessionSocketUrl(serverUrl, this.conversationId, this.cursor.value)
            : eventsSocketUrl(serverUrl, this.conversationId, this.log.newestTimestamp),
        onFrame: (frame) => this.receiveFrame(frame),
        onMalformedFrame: () => this.log.ingest([null]),
        onState: (state) => this.connectionChanged(state),
        onClosed: (code) => void this.detector.closed(code, this.protocol),
        verifyKey: () => this.keyWorksOverRest(),
        onSilence: () => void this.checkSilence(),
        // While a run goes, ten silent seconds are worth one REST look: a socket can go deaf
        // without closing (seen on 1.57 under load), and a long tool is silent too, so the look
        // is cheap and reconnects only when the server holds events the screen does not.
        silenceMs: SILENCE_CHECK_MS,
      },
      this.deps.socketEnvironment,
    );
    this.socket.start();
  }

  reconnectNow(): void {
    this.socket?.reconnectNow();
  }

  /**
   * The log already holds every event up to this seq (the browser's copy painted them): the
   * first subscription asks only for what came after. Too late once the socket has started.
   */
  resumeAfter(seq: number | undefined): void {
    if (seq === undefined || this.socket || this.resumedAnew) return;
    this.cursor.markHeldThrough(seq);
  }

  /**
   * The seq of the newest persisted event the log holds, while it holds every one from its
   * oldest on (holdsEverything); kept with the browser's copy, for resumeAfter.
   */
  get heldThroughSeq(): number | undefined {
    return this.holdsEverything ? this.cursor.value : undefined;
  }

  /**
   * The log was emptied (a copy painted from did not fit the server): nothing it held counts.
   * The socket subscribes again live only, and the history is joined to it again over REST.
   */
  resumeAnew(): void {
    // A copy's seq that comes after this (its read was slower than the verdict) is not taken.
    this.resumedAnew = true;
    this.gap.stop();
    this.seqGap.cancel();
    this.join.cutShort();
    this.cursor.forget();
    this.replay = undefined;
    if (this.live.getState().gap.kind !== 'idle')
      this.dispatch({ type: 'gap changed', gap: { kind: 'idle' } });
    this.socket?.reconnectNow();
  }

  stop(): void {
    this.choosing = undefined;
    this.socket?.stop();
    this.socket = undefined;
    this.seqGap.cancel();
    this.detector.stopWaiting();
    this.gap.stop();
    // A join cut short is done again once a restarted socket subscribes.
    if (this.live.getState().gap.kind !== 'idle') {
      this.join.cutShort();
      this.dispatch({ type: 'gap changed', gap: { kind: 'idle' } });
    }
  }

  /**
   * The status from a REST read of the conversation. While the socket is subscribed its status is
   * newer than any REST answer still on its way, so a REST read applies only when it is not.
   */
  noteConversationInfo(info: unknown): void {
    const status = statusFromInfo(info);
    if (status) this.noteStatus(status, 'read');
  }

  /** The newest history page is in the log: see session/historyJoin.ts. */
  historyLoaded(newestEventId: string | undefined): void {
    this.join.historyLoaded(newestEventId);
    this.reviewAnswers();
  }

  /**
   * Whether the log holds every persisted event from its oldest on: the history and the socket
   * have joined, and no read or seq is missing. Only then may the browser's copy be written.
   */
  get holdsEverything(): boolean {
    return this.join.isJoined && this.live.getState().gap.kind === 'idle' && !this.cursor.hasGap;
  }

  /** One socket frame, as JSON-parsed. Exposed for tests. */
  receiveFrame(raw: unknown): void {
    const frames: ParsedFrame[] =
      this.protocol === 'session' ? [parseSessionFrame(raw)] : parseLegacyFrame(raw);
    for (const frame of frames) this.apply(frame, raw);
  }

  // ---- the commands' link to the socket -------------------------------------------------

  /** The commands' link to the socket (CommandLink): a frame goes only to an open socket. */
  sendOverSocket(frame: object): boolean {
    return this.socket?.send(frame) ?? false;
  }

  /** A message went over REST: while the socket is down, its echo (and the answer so far) is read. */
  afterRestSend(): void {
    if (this.live.getState().connection.kind !== 'open') void this.fillSince();
  }

  // ---- frames -------------------------------------------------------------------------------

  private apply(frame: ParsedFrame, raw: unknown): void {
    switch (frame.type) {
      case 'sync':
        this.synced(frame.fromSeq, frame.throughSeq);
        return;
      case 'durable':
        if (frame.seq !== undefined) this.cursor.hold(frame.seq);
        this.receiveEvent(frame.event, true);
        this.seqGap.check();
        if (this.replay && frame.seq !== undefined && frame.seq >= this.replay.throughSeq) this.replayDone();
        return;
      case 'transient':
        this.receiveTransient(frame.event);
        return;
      case 'item_started':
      case 'item_aborted':
        this.deltas.push(frame);
        return;
      case 'delta':
        // Legacy deltas carry no item id: once the turn is stopped, late ones belong to nothing.
        if (frame.itemId === LEGACY_ITEM) {
          const { stopping, status } = this.live.getState();
          if (stopping || status === 'paused') return;
        }
        this.deltas.push(frame);
        return;
      case 'error':
        // The server saved the message and found no room to run it: it was delivered.
        if (frame.code === RUN_LIMIT_CODE) {
          this.dispatch({ type: 'command failed', problem: { kind: 'run limit' } });
          return;
        }
        // The server answers a frame it could not take with an error: the last socket send failed.
        this.dispatch({ type: 'send rejected', detail: frame.detail });
        this.dispatch({ type: 'server reported an error', detail: frame.detail });
        return;
      case 'malformed':
        this.log.ingest([raw]);
        return;
      case 'ignored':
        return;
    }
  }

  /** A persisted event, from the socket or a REST read. */
  private receiveEvent(raw: unknown, fromSocket = false): void {
    const event = asServerEvent(raw);
    if (!event) {
      this.log.ingest([raw]);
      return;
    }
    const status = statusFromStateUpdate(event);
    const known = this.log.has(event.id);
    if (fromSocket && !known && event.source === 'agent') this.log.noteWatched(event.id);
    // full_state is a snapshot made for one subscriber, not part of the persisted history.
    if (!(event.kind === 'ConversationStateUpdateEvent' && event.key === 'full_state'))
      this.log.take([event], { live: true });
    if (status) this.noteStatus(status, fromSocket ? 'socket' : 'read');
    if (known) return;
    if (fromSocket) this.announcer.event(event);
    if (fromSocket && isAgentReply(event)) this.dispatch({ type: 'reply arrived' });
    if (event.kind === 'MessageEvent' && event.source === 'user')
      this.dispatch({
        type: 'message echoed',
        text: contentText(event.llm_message?.content),
        imageCount: contentImages(event.llm_message?.content).length,
      });
    this.deltas.end({ type: 'event persisted', eventId: event.id });
    if (event.source === 'agent' || event.kind === 'InterruptEvent')
      this.deltas.end({ type: 'legacy turn ended' });
    this.reviewAnswers();
  }

  private receiveTransient(raw: unknown): void {
    const event = asServerEvent(raw);
    const status = statusFromStateUpdate(event);
    if (status) this.noteStatus(status, 'socket');
    // The legacy socket's snapshot comes first on every connection: it is subscribed from here.
    if (this.protocol === 'legacy' && event?.kind === 'ConversationStateUpdateEvent') this.join.subscribed();
    if (event && event.kind !== 'ConversationStateUpdateEvent') this.log.take([event], { transient: true });
  }

  private synced(fromSeq: number | null, throughSeq: number | null): void {
    this.detector.sync();
    // Progress frames are never replayed: whatever was streaming before this connection is stale.
    this.deltas.end({ type: 'streams cut' });
    if (fromSeq === null) {
      // Live only: everything up to the mark is history, to be read over REST.
      this.cursor.markHeldThrough(throughSeq ?? -1);
    } else if (throughSeq !== null && throughSeq > (this.cursor.value ?? -1)) {
      this.replay = { throughSeq, syncedAt: this.now() };
    } else {
      this.replay = { throughSeq: -1, syncedAt: this.now() };
      this.replayDone();
    }
    // Resumed after the copy's seq: the log holds every event through it (the copy's word, not
    // a live-only mark that the join is still to keep), and the socket replays the rest.
    if (fromSeq === null) this.markedLiveOnly = true;
    if (this.markedLiveOnly) this.join.subscribed();
    else this.join.subscribedAfterHeld();
    this.reviewAnswers();
  }

  private replayDone(): void {
    const replay = this.replay;
    this.replay = undefined;
    // Everything persisted before this connection is now held: older unechoed sends were lost.
    if (replay) this.dispatch({ type: 'sends unconfirmed', before: replay.syncedAt });
    this.resendWhatFailedWhileAway();
  }

  private now(): number {
    return this.timers.now();
  }

  // ---- connection ---------------------------------------------------------------------------

  private connectionChanged(state: ConnectionState): void {
    if (state.kind !== 'open') this.seqGap.cancel();
    this.detector.connectionChanged(state.kind === 'open', this.protocol);
    this.dispatch({ type: 'connection changed', connection: state });
    if (state.kind === 'open') {
      // The legacy socket resumes by a naive timestamp: a REST read makes sure nothing slipped.
      if (this.protocol === 'legacy' && this.openedBefore) void this.fillSince();
      if (this.openedBefore) this.deps.onLinkChanged?.();
      this.openedBefore = true;
    } else if (state.kind === 'reconnecting' || state.kind === 'offline') {
      // The stream is cut: its partial text would be stale when the socket comes back.
      this.deltas.end({ type: 'streams cut' });
      this.replay = undefined;
      this.deps.onLinkChanged?.();
    }
  }

  /** An authenticated REST read: false only when the server refuses the key there too. */
  private async keyWorksOverRest(): Promise<boolean> {
    try {
      await readConversation(this.deps.clients.conversations, this.conversationId);
      return true;
    } catch (error) {
      const status = httpStatus(error);
      return status !== 401 && status !== 403;
    }
  }

  /**
   * Shows what the server persisted while the socket brings nothing. Unlike fillSince, says
   * nothing of the messages sent: a socket that has not synced yet may still deliver them.
   */
  private readWhatServerHolds(): Promise<boolean> {
    return this.gap.fill({ sinceTimestamp: this.log.newestTimestamp });
  }

  private fillSince(): Promise<boolean> {
    return this.readWhatServerHolds().then((filled) => {
      if (filled) {
        this.dispatch({ type: 'sends unconfirmed', before: this.now() });
        this.resendWhatFailedWhileAway();
      }
      return filled;
    });
  }

  /** Whatever failed only because the server was away goes again, once, and the person is told. */
  private resendWhatFailedWhileAway(): void {
    void this.commands.outbox.serverBack().then((count) => {
      if (count > 0) this.announce(t('resend.announcement', { count }));
    });
  }

  private nextAnnouncement = 0;

  private readonly announcer = new Announcer((text) => this.announce(text));

  private announce(text: string): void {
    this.dispatch({ type: 'announced', announcement: { id: ++this.nextAnnouncement, text } });
  }

  /** Every change of the live state goes through the reducer, as a named event. */
  private readonly dispatch: (event: SessionEvent) => void;

  /**
   * A status learnt from `source`: the reducer decides whether it counts (a REST read's does not
   * while the socket has told one); what follows a change is done here.
   */
  private noteStatus(status: ExecutionStatus, source: StatusSource): void {
    const previous = this.live.getState().status;
    this.dispatch({ type: 'status changed', status, source });
    const next = this.live.getState().status;
    if (next === previous || next === undefined) return;
    const wasActive = isActive(previous);
    const nowActive = isActive(next);
    // The reducer ended the streams of a settled run; frames still waiting belong to it too.
    if (!nowActive) this.deltas.discardQueued();
    this.announcer.status(previous, next);
    this.deps.onStatus?.(next);
    if (wasActive && !nowActive) this.deps.onSettled();
    this.reviewAnswers();
  }

  /**
   * Whether the run left the newest message unanswered (answers/missedMessages.ts), judged once
   * the log holds the newest events. After a run this session watched end, the agent is asked to
   * answer it by itself (unless the person chose to be asked first); otherwise, or then, the
   * person is offered to. Not while a message of theirs is on its way: that one starts a run.
   */
  private reviewAnswers(): void {
    const state = this.live.getState();
    const missed = this.join.isJoined ? missedMessageId(this.log.projection, state.status) : undefined;
    if (missed === undefined || state.pending.length > 0) {
      if (state.missed !== undefined) this.dispatch({ type: 'missed message settled' });
      return;
    }
    // By itself, at most once per message, in this tab and in any other of this browser that has
    // the conversation open (a claim kept in localStorage).
    if (state.watchedRunEnd && missedAnswerMode() === 'ask-agent') {
      this.dispatch({ type: 'run end reviewed' });
      if (claimAnswerRequest(missed)) {
        this.dispatch({ type: 'missed message settled' });
        void this.commands.send(ANSWER_REQUEST);
        return;
      }
    }
    this.dispatch({ type: 'missed message found', messageId: missed });
  }

  /** A silent socket during a run is fine while a tool works, deaf if REST has newer events. */
  private async checkSilence(): Promise<void> {
    if (!isActive(this.live.getState().status)) return;
    const verdict = await lookAfterSilence(this.deps.clients.conversations, this.conversationId, this.log);
    if (verdict.kind === 'reconnect') {
      // A new session socket may be as silent (a busy server syncs only once its tool ends):
      // what REST holds is shown meanwhile. A legacy socket reads it on reopening (fillSince).
      if (this.protocol === 'session') void this.readWhatServerHolds();
      this.socket?.reconnectNow();
    }
    // A silent socket may have missed the status change too: here REST has the last word.
    else if (verdict.status) this.noteStatus(verdict.status, 'silence check');
  }
}
