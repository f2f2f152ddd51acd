import { isRecord } from '../../agent-server/protocol';
import type { ConversationEventLog } from '../eventLog';
import { judgeCopy, inLogOrder, type CopyEdge, type CopyVerdict } from './copyVerdict';
import type { CopiedConversation } from './copySchema';
import type { ListedInfo } from './listedInfo';
import type { CopyRead, EventCopy } from './eventCopy';
import { PAINTED_FROM_COPY } from './browserCopy';

// The browser's copy of one open conversation: paints its newest rows before the server answers,
// judges it against the server's newest page (copyVerdict.ts), and writes back what the log
// holds once the log holds everything from its oldest event on.

const SAVE_AFTER_MS = 1_000;

export type CopyState =
  | { kind: 'none' }
  /** Rows from the copy are on screen; the server's newest page has not come. */
  | { kind: 'painted'; savedAt: number; listed: ListedInfo | undefined }
  /** The server's newest page joins the copy. */
  | { kind: 'joined'; savedAt: number; listed: ListedInfo | undefined }
  /** The copy did not fit what the server holds, and is forgotten. */
  | { kind: 'dropped'; reason: CopyVerdict | 'deleted' };

export interface HistoryPage {
  items?: unknown;
  next_page_id?: string | null;
}

export interface CopyKeeperDependencies {
  server: string;
  conversation: string;
  log: ConversationEventLog;
  copy: () => Promise<EventCopy | undefined>;
  /** A read of the copy made (and painted) by the conversation controller, if any. */
  early?: () => Promise<CopyRead | undefined> | undefined;
  /** The early read was taken in: a later opening reads afresh. */
  earlyUsed?: () => void;
  /** The session's word that the log misses nothing from its oldest event on. */
  holdsEverything: () => boolean;
  /** The socket's seq of the newest event the log holds, while it holds everything. */
  heldThroughSeq?: () => number | undefined;
  limitBytes: () => number;
  /** The history pages read so far, newest first (for the cursor below the oldest). */
  history: () => readonly HistoryPage[];
  /** The conversation's info as last read (the copy keeps what the list shows of it). */
  info: () => unknown;
  /** The log was emptied of the copy's rows: what the server sent is to be fed again. */
  onReset: () => void;
  onState: (state: CopyState) => void;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export class CopyKeeper {
  private meta: CopiedConversation | undefined;
  private newestHeld: CopyEdge | undefined;
  private state: CopyState = { kind: 'none' };
  private newestPage: { items: readonly unknown[]; full: boolean } | undefined;
  private closed = false;
  /** The server said the conversation does not exist: no read of the copy may paint again. */
  private gone = false;
  private saveTimer: unknown;
  private saving: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;
  /** The log's version and the info last written: a status change alone rewrites nothing. */
  private written: { version: number; info: unknown } | undefined;

  constructor(private readonly deps: CopyKeeperDependencies) {
    this.unsubscribe = deps.log.subscribe(() => this.changed());
  }

  /** Reads the copy and paints it, unless the server's page came first and the copy does not fit. */
  async open(): Promise<void> {
    const early = this.deps.early?.();
    const read = early
      ? await early
      : await (await this.deps.copy())?.newest(this.deps.server, this.deps.conversation, PAINTED_FROM_COPY);
    if (this.closed) return;
    if (early) this.deps.earlyUsed?.();
    if (this.gone) {
      // Told before the read was in: an early read painted its rows meanwhile, and they go.
      if (early && read) this.resetLog();
      return;
    }
    if (!read) {
      // Nothing kept: what the log holds already (the server may have answered first) is written
      // once it is whole, whether or not anything changes after.
      this.changed();
      return;
    }
    this.meta = read.meta;
    const newest: unknown = read.events.at(-1);
    this.newestHeld = {
      id: read.meta.highId,
      timestamp: isRecord(newest) && typeof newest.timestamp === 'string' ? newest.timestamp : undefined,
    };
    // An early read is on screen already: dropping it takes its rows away again.
    if (this.newestPage && !this.judge(Boolean(early))) {
      this.changed();
      return;
    }
    if (!early) {
      this.deps.log.ingest(read.events);
      if (read.meta.head !== undefined && !this.newestPage)
        this.deps.log.setHead(read.meta.head, { from: 'copy' });
    }
    const { savedAt, listed } = read.meta;
    this.setState(
      this.newestPage ? { kind: 'joined', savedAt, listed } : { kind: 'painted', savedAt, listed },
    );
    if (this.newestPage) this.changed();
  }

  /** The server's newest history page came (newest first); `full`: older pages exist. */
  serverPage(items: readonly unknown[], full: boolean): void {
    if (this.newestPage) return;
    this.newestPage = { items, full };
    if (this.meta) this.judge(this.state.kind === 'painted');
  }

  /** The server says the conversation does not exist. */
  deleted(): void {
    this.gone = true;
    this.drop('deleted', this.state.kind === 'painted' || this.state.kind === 'joined');
  }

  private judge(painted: boolean): boolean {
    const verdict = judgeCopy(this.newestHeld!, this.newestPage!.items, this.newestPage!.full);
    if (verdict === 'joins') {
      this.setState({ kind: 'joined', savedAt: this.meta!.savedAt, listed: this.meta!.listed });
      // What changed while the copy was only painted (a title the server gave since, HEAD) was
      // not written then: it is now, even when no event follows.
      this.changed();
      return true;
    }
    this.drop(verdict, painted);
    return false;
  }

  private drop(reason: CopyVerdict | 'deleted', painted: boolean): void {
    this.meta = undefined;
    this.newestHeld = undefined;
    this.written = undefined;
    // Before any write that follows: a write must never be undone by a late forget.
    // A deleted conversation's review comments go with it; a copy found wrong keeps them.
    this.saving = this.saving.then(async () =>
      (await this.deps.copy())?.forget(this.deps.server, this.deps.conversation, {
        reviews: reason === 'deleted',
      }),
    );
    this.setState({ kind: 'dropped', reason });
    if (painted) this.resetLog();
  }

  private resetLog(): void {
    this.deps.log.reset();
    this.deps.onReset();
  }

  /** Something the copy may want to write changed: written a little later, once for a burst. */
  changed(): void {
    if (this.closed || this.state.kind === 'painted') return;
    const clear = this.deps.clearTimeout ?? clearTimeout;
    const set = this.deps.setTimeout ?? setTimeout;
    clear(this.saveTimer as ReturnType<typeof setTimeout>);
    this.saveTimer = set(() => void this.save(), SAVE_AFTER_MS);
  }

  /** Writes now what is waiting, and stops listening. */
  close(): Promise<void> {
    if (this.closed) return this.saving;
    (this.deps.clearTimeout ?? clearTimeout)(this.saveTimer as ReturnType<typeof setTimeout>);
    const last = this.save();
    this.closed = true;
    this.unsubscribe();
    return last;
  }

  save(): Promise<void> {
    if (
      this.closed ||
      this.state.kind === 'painted' ||
      (this.state.kind === 'dropped' && this.state.reason === 'deleted')
    )
      return this.saving;
    this.saving = this.saving.then(() => this.write());
    return this.saving;
  }

  private async write(): Promise<void> {
    if (!this.deps.holdsEverything()) return;
    const version = this.deps.log.getVersion();
    const info = this.deps.info();
    if (this.written?.version === version && this.written.info === info) return;
    const events = inLogOrder(this.deps.log.persisted());
    // Taken with the events, before anything awaits: the seq is the newest one's.
    const seq = this.deps.heldThroughSeq?.();
    const newest = events.at(-1);
    const olderCursor = this.cursorBelow(events[0]?.id);
    if (olderCursor === undefined) return;
    const copy = await this.deps.copy();
    if (!copy) return;
    const { server, conversation } = this.deps;
    const written = await copy.write(server, conversation, {
      events,
      olderCursor,
      head: this.deps.log.tree.head,
      info,
      resume: seq !== undefined && newest ? { eventId: newest.id, seq } : undefined,
    });
    if (!written) return;
    this.written = { version, info };
    this.meta = await copy.read(server, conversation);
    await copy.evict(this.deps.limitBytes(), { server, conversation });
  }

  /** The page for what is older than the log's oldest event, when the log's reach is known. */
  private cursorBelow(oldestId: string | undefined): string | null | undefined {
    if (oldestId === undefined) return undefined;
    const pages = this.deps.history();
    const last = pages.at(-1);
    const items = Array.isArray(last?.items) ? last.items : [];
    const lastItem = items.at(-1) as { id?: unknown } | undefined;
    if (last && lastItem?.id === oldestId) return last.next_page_id ?? null;
    // The log starts inside the copy (only its newest rows were painted): the copy keeps its own.
    if (this.meta && this.deps.log.has(this.meta.highId)) return this.meta.olderCursor;
    return undefined;
  }

  private setState(state: CopyState): void {
    this.state = state;
    this.deps.onState(state);
  }
}
