import type { QueryClient } from '@tanstack/react-query';
import type { ExecutionStatus } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { ConversationEventLog } from '../eventLog';
import type { SessionHandle } from '../session/sessionHandle';
import { conversationUsage } from '../usage/usage';
import { conversationKey } from '../resources/conversations';
import { newestStopEventId, stepsSinceRunBegan } from './runRows';
import { rowReaderOf } from '../rowReader';
import { tagsOf, type Tags } from '../conversationTags';
import { limitReached, limitsOf, withStop, type LimitKind } from './runLimits';

// Holds an open conversation's run to its limits (runLimits.ts): while it runs, each change of
// its cost (the server's `stats` updates, one per model call) or of its steps is checked, and at
// the limit the run is interrupted, once per run. When the stop's own event (InterruptEvent, or
// PauseEvent where the server only pauses) arrives, the stop is written into the conversation's
// tags with that event's id, so that the transcript says at that event why the run stopped.
//
// The controller owns one per open conversation: a conversation open in no tab is held to nothing
// (the server has no budget of its own for it). Two tabs both stop the run; the server takes the
// second interrupt as a no-op and the stop is kept once (by its event id).

export interface LimitWatchDependencies {
  tags(): Tags;
  cost(): number;
  /** The agent's model calls since the run began (runRows.ts). */
  steps(): number;
  status(): ExecutionStatus | undefined;
  /** The newest InterruptEvent or PauseEvent held, if any. */
  newestStopEventId(): string | undefined;
  interrupt(): void;
  /**
   * Reads the info again (its stats). The server streams no `stats` update after a model switch
   * (docs/agent-server-notes.md), though the info's stats still count: a step that brought no
   * new cost has the info read again, so that a budget holds all the same.
   */
  refreshInfo(): void;
  /** Writes the tags to the server (they replace the old ones) and to the caches. */
  saveTags(tags: Tags): Promise<void>;
}

interface PendingStop {
  kind: LimitKind;
  reached: number;
  limit: number;
  /** The newest stop event before this stop: the stop's own is the next one. */
  before: string | undefined;
  /** The run settled since: a run that starts now is not the one stopped. */
  settled: boolean;
}

/**
 * How often the info is read for the cost of one step that brought none, and how far apart: the
 * first wait, doubled after each read. The info is the server's saved state, written when the
 * step's tool has run: on a loaded server that came later than three reads a second apart (a
 * fresh CI missed a budget so), and 1 + 2 + 4 + 8 s reach past a slow tool.
 */
const READS_PER_STEP = 5;
const FIRST_READ_AGAIN_MS = 1000;

export class LimitWatch {
  /** The run was stopped at a limit: it is not stopped again until it settles. */
  private stoppedThisRun = false;
  private pending: PendingStop | undefined;
  /** The cost at the last check, and the steps there were when it last moved. */
  private cost = { value: -1, atSteps: 0 };
  /** Reads of the info made since the cost last moved, and the next one's timer. */
  private reads = { made: 0, atSteps: 0 };
  private readTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: LimitWatchDependencies) {}

  /** Called whenever the log, the status or the info changed. */
  check(): void {
    const { deps } = this;
    if (this.pending) this.takeStopEvent(this.pending);
    if (deps.status() !== 'running') {
      this.stoppedThisRun = false;
      if (this.pending) this.pending.settled = true;
      // The next run's steps are read for anew, though they bear the same numbers.
      this.stopReading();
      this.reads = { made: 0, atSteps: 0 };
      return;
    }
    // The stop made no event of its own (the run had ended as it came): nothing to say of it.
    if (this.pending?.settled) this.pending = undefined;
    if (this.stoppedThisRun) return;
    const limits = limitsOf(deps.tags());
    if (limits.budget === undefined && limits.steps === undefined) return;
    const budgeted = limits.budget !== undefined;
    // The cost is read (the stats parsed) only where there is a budget to hold it to.
    const now = { cost: budgeted ? deps.cost() : 0, steps: deps.steps() };
    const reached = limitReached(limits, now);
    if (!reached) return this.readCostIfBehind(budgeted, now);
    this.stoppedThisRun = true;
    this.pending = { ...reached, before: deps.newestStopEventId(), settled: false };
    deps.interrupt();
  }

  /** Stops reading the info (the conversation is no longer watched). */
  dispose(): void {
    this.stopReading();
  }

  private stopReading(): void {
    clearTimeout(this.readTimer);
    this.readTimer = undefined;
  }

  /**
   * A step came and its cost did not: the server sent no `stats` update (as after a model
   * switch), or the info read last was composed before the step's cost was counted (seen on
   * 1.58.2: the info can lag the events by a step). The info is read again, then after a wait
   * that doubles each time while the cost stays behind, at most READS_PER_STEP times a step: a
   * model the server has no price for costs nothing, and its steps must not be read for without
   * end. A newer step is read for at once: the wait left of an older step's reads (up to 16 s)
   * let a run go past its budget on a loaded server.
   */
  private readCostIfBehind(budgeted: boolean, now: { cost: number; steps: number }): void {
    // The cost first seen (a watch begun mid-run: a reload, a tab opened late) may not hold the
    // step it is seen at yet: it is read for as a cost that has not moved.
    if (this.cost.value < 0) this.cost = { value: now.cost, atSteps: 0 };
    else if (now.cost !== this.cost.value || now.steps < this.cost.atSteps)
      this.cost = { value: now.cost, atSteps: now.steps };
    if (!budgeted || now.steps <= this.cost.atSteps) return this.stopReading();
    if (this.reads.atSteps !== now.steps) {
      this.stopReading();
      this.reads = { made: 0, atSteps: now.steps };
    }
    if (this.readTimer || this.reads.made >= READS_PER_STEP) return;
    this.reads.made++;
    this.deps.refreshInfo();
    this.readTimer = setTimeout(
      () => {
        this.readTimer = undefined;
        this.check();
      },
      FIRST_READ_AGAIN_MS * 2 ** (this.reads.made - 1),
    );
  }

  private takeStopEvent(pending: PendingStop): void {
    const eventId = this.deps.newestStopEventId();
    if (!eventId || eventId === pending.before) return;
    this.pending = undefined;
    const { kind, reached, limit } = pending;
    // A write that fails leaves the marker saying "Stopped": the run is stopped all the same.
    void this.deps.saveTags(withStop(this.deps.tags(), { kind, reached, limit, eventId })).catch(() => {});
  }
}

/** What the watch reads of an open conversation (its controller). */
export interface WatchedConversation {
  readonly settings: ConnectionSettings;
  readonly conversationId: string;
  readonly queryClient: QueryClient;
  readonly log: ConversationEventLog;
  readonly session: SessionHandle;
  info(): unknown;
}

/** The watch of an open conversation: its costs, steps and status, its stop, its tags' writes. */
export function watchLimits(conversation: WatchedConversation): LimitWatch {
  const { settings, conversationId, queryClient, log, session } = conversation;
  const info = () => conversation.info() as { stats?: unknown } | undefined;
  const rows = rowReaderOf(log);
  return new LimitWatch({
    tags: () => tagsOf(info()),
    cost: () => conversationUsage(info()?.stats, log.projection.statsFromEvents)?.cost ?? 0,
    steps: () => stepsSinceRunBegan(rows),
    status: () => session.live.getState().status ?? log.projection.statusFromEvents,
    newestStopEventId: () => newestStopEventId(rows),
    interrupt: () => void session.commands.interrupt(),
    refreshInfo: () =>
      void queryClient.invalidateQueries({ queryKey: conversationKey(settings, conversationId) }),
    saveTags: async (tags) => {
      const { saveConversationTags } = await import('../resources/conversationWrites');
      await saveConversationTags(queryClient, settings, conversationId, tags);
    },
  });
}
