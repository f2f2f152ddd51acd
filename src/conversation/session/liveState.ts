import type { StoreApi } from 'zustand/vanilla';
import type { ConnectionState } from '../../agent-server/socket';
import type { ExecutionStatus } from '../../agent-server/protocol';
import { isActive } from '../executionStatus';
import type { GapState } from '../gapFiller';
import { reduceOutbox, type OutboxEvent, type PendingMessage } from '../outboxState';
import { NO_STREAMS, reduceStreams, type StreamEvent, type StreamState } from '../streamItems';
import type { SocketProtocol } from './socketProtocols';
import type { SessionProblem } from './problems';

// What the screen knows of a live session, and the one place it changes: each change is a named
// event of the session, saying what happened, and the rules that tie parts of the state together
// (a settled run is no longer stopping, a refused key is a problem to say) are here, not at each
// place that noticed. The streams and the outbox are parts of this state with reducers of their
// own (streamItems.ts, outbox.ts): their events pass through here to them.

/**
 * Where a status was learnt: the socket (the newest word while it is subscribed), a REST read
 * (the status, or a state update in a page; older than the socket's), or the look taken after a
 * silent socket (REST, which then has the last word: the socket may have missed the change).
 */
export type StatusSource = 'socket' | 'read' | 'silence check';

export interface LiveState {
  status: ExecutionStatus | undefined;
  /** The socket has told the status on this connection: a REST read's is older, and not taken. */
  statusLive: boolean;
  /** A run ended while this session watched it: a message it left unread is asked for by itself. */
  watchedRunEnd: boolean;
  connection: ConnectionState;
  /** The agent's answers while they stream, never persisted. */
  streams: StreamState;
  pending: PendingMessage[];
  stopping: boolean;
  /** The last thing that went wrong, as a fact: a banner says it (problems.ts). */
  problem: SessionProblem | undefined;
  /** The REST read that closes a gap between history and socket. */
  gap: GapState;
  protocol: SocketProtocol;
  /** What a screen reader is told, newest last (only what happened live; see announcements.ts). */
  announcements: Announcement[];
  /** Agent messages and final answers that arrived live (not history): what "unseen" counts. */
  liveReplies: number;
  /**
   * The id of a message the run ended without answering, offered to the person to have answered
   * (answers/missedMessages.ts); undefined when there is none, or Tether asked by itself.
   */
  missed: string | undefined;
}

export interface Announcement {
  id: number;
  text: string;
}

/** Enough for a screen reader to catch up on; older sentences have been read. */
export const ANNOUNCEMENTS_KEPT = 20;

export type SessionEvent =
  | StreamEvent
  | OutboxEvent
  | { type: 'connection changed'; connection: ConnectionState }
  | { type: 'status changed'; status: ExecutionStatus; source: StatusSource }
  /** The end of a run this session watched was looked at for a message left unanswered. */
  | { type: 'run end reviewed' }
  | { type: 'protocol chosen'; protocol: SocketProtocol }
  | { type: 'gap changed'; gap: GapState }
  | { type: 'stop asked' }
  | { type: 'stop failed'; error: unknown }
  | { type: 'command failed'; problem: SessionProblem }
  | { type: 'server reported an error'; detail: string }
  | { type: 'reply arrived' }
  | { type: 'announced'; announcement: Announcement }
  | { type: 'missed message found'; messageId: string }
  | { type: 'missed message settled' };

export function initialLiveState(protocol: SocketProtocol): LiveState {
  return {
    status: undefined,
    statusLive: false,
    watchedRunEnd: false,
    connection: { kind: 'closed' },
    streams: NO_STREAMS,
    pending: [],
    stopping: false,
    problem: undefined,
    gap: { kind: 'idle' },
    protocol,
    announcements: [],
    liveReplies: 0,
    missed: undefined,
  };
}

/** The state after an event: what changed, the rest kept (the same object when nothing did). */
export function reduceLiveState(state: LiveState, event: SessionEvent): LiveState {
  switch (event.type) {
    case 'connection changed': {
      const { connection } = event;
      // A connection that is not open tells no status: the next read's counts again.
      if (connection.kind !== 'open' && state.statusLive) state = { ...state, statusLive: false };
      if (connection.kind === 'key-rejected')
        return {
          ...state,
          connection,
          problem: { kind: 'key rejected' },
        };
      if (connection.kind === 'gone')
        return {
          ...state,
          connection,
          problem: { kind: 'gone', from: 'socket' },
        };
      return { ...state, connection };
    }
    case 'status changed': {
      if (event.source === 'read' && state.statusLive) return state;
      const statusLive = state.statusLive || event.source === 'socket';
      if (state.status === event.status)
        return statusLive === state.statusLive ? state : { ...state, statusLive };
      const wasActive = isActive(state.status);
      const nowActive = isActive(event.status);
      return {
        ...state,
        status: event.status,
        statusLive,
        // A run that settled is no longer being stopped, however it ended, and streams nothing.
        stopping: nowActive ? state.stopping : false,
        streams: nowActive ? state.streams : reduceStreams(state.streams, { type: 'streams cut' }),
        watchedRunEnd: wasActive && !nowActive ? true : nowActive ? false : state.watchedRunEnd,
      };
    }
    case 'run end reviewed':
      return state.watchedRunEnd ? { ...state, watchedRunEnd: false } : state;
    case 'protocol chosen':
      return { ...state, protocol: event.protocol };
    case 'message queued':
    case 'message handed over':
    case 'message failed':
    case 'message sent again':
    case 'message discarded':
    case 'message echoed':
    case 'send rejected':
    case 'sends unconfirmed': {
      const pending = reduceOutbox(state.pending, event);
      return pending === state.pending ? state : { ...state, pending };
    }
    case 'progress received':
    case 'event persisted':
    case 'legacy turn ended':
    case 'streams cut': {
      const streams = reduceStreams(state.streams, event);
      return streams === state.streams ? state : { ...state, streams };
    }
    case 'gap changed':
      return event.gap.kind === 'gone'
        ? { ...state, gap: event.gap, problem: { kind: 'gone', from: 'read' } }
        : { ...state, gap: event.gap };
    case 'stop asked':
      return { ...state, stopping: true, problem: undefined };
    case 'stop failed':
      return { ...state, stopping: false, problem: { kind: 'stop failed', error: event.error } };
    case 'command failed':
      return { ...state, problem: event.problem };
    case 'server reported an error':
      return { ...state, problem: { kind: 'server error', detail: event.detail } };
    case 'reply arrived':
      return { ...state, liveReplies: state.liveReplies + 1 };
    case 'announced':
      return {
        ...state,
        announcements: [...state.announcements.slice(-(ANNOUNCEMENTS_KEPT - 1)), event.announcement],
      };
    case 'missed message found':
      return state.missed === event.messageId ? state : { ...state, missed: event.messageId };
    case 'missed message settled':
      return state.missed === undefined ? state : { ...state, missed: undefined };
  }
}

/** Applies each event to the store through the reducer (every writer of a session's state uses this). */
export function dispatchTo(store: StoreApi<LiveState>): (event: SessionEvent) => void {
  return (event) => {
    const before = store.getState();
    const after = reduceLiveState(before, event);
    if (after !== before) store.setState(after, true);
  };
}
