import { hashKey, infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { agentServerClients, httpStatus, searchEventPage } from '../../agent-server/client';
import { isRecord, type ConversationInfo, type Page } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import { forgetServerFacts } from '../../agent-server/serverFacts';
import { ConversationEventLog } from '../eventLog';
import { isActive } from '../executionStatus';
import { SessionHandle } from '../session/sessionHandle';
import {
  conversationKey,
  conversationRunSettled,
  conversationStatusChanged,
} from '../resources/conversations';
import { eventHistoryQuery, EVENTS_PAGE_SIZE, isFromCopy, readHistoryPage } from '../resources/events';
import { healthKey, healthQuery } from '../resources/server';
import { browserCopy, PAINTED_FROM_COPY } from '../copy/browserCopy';
import { copyKept } from '../copy/copyHint';
import { resumeSeqOf } from '../copy/copyResume';
import type { CopyKeeper, CopyState } from '../copy/copyKeeper';
import type { CopyRead } from '../copy/eventCopy';
import type { KeptConversation } from './copyKeeping';
import type { LimitWatch } from '../limits/limitWatch';
import { hasLimitTags } from '../limits/limitTags';

// One open conversation, owned by one object outside React: its event log, its live session, the
// reads of its history and info, and the browser's copy of it. It decides the order of opening:
//
// 1. the copy is read and painted into the log (before the app's first render, when the address
//    opens the conversation);
// 2. the socket subscribes after the copy's seq, so that the server sends only what is newer;
// 3. the server's newest page (or the copy's verdict) joins the copy, and the keeper writes back.
//
// Pages go into the log where they are read (the history query's read is the controller's own),
// and a read of the info reaches the session from the query cache's own word that a read ended:
// nothing is copied from React's state into the log by an effect. React subscribes through one
// hook (components/conversation/useConversationController.ts) and reads with selectors.

/**
 * How long the socket waits for the copy's read to say where to resume, and the newest page's
 * read for the copy to join (newestJoiningCopy). The read takes tens of milliseconds, but took
 * over 250 once after a reload while the shell's worker filled its cache (a CI run on the real
 * server). The wait guards against a read that never ends (a database held by another tab), not
 * a slow one: past it the socket asks for everything, the newest page is the server's, and the
 * REST join fills in, correct but slower.
 */
export const RESUME_WAIT_MS = 1000;

/** How old a health check may be for the first socket to choose by the version it read. */
const HEALTH_READ_FRESH_MS = 15_000;

/** The keeper of an open conversation's copy: its code comes with the copy's, when needed. */
const loadCopyKeeping = () => import('./copyKeeping');

// The session's socket code is its own chunk: see session/sessionHandle.ts.
const sessionCode = () => import('../liveSession');

type History = InfiniteData<Page<unknown>, unknown>;

export interface ControllerDependencies {
  settings: ConnectionSettings;
  conversationId: string;
  queryClient: QueryClient;
  /** The page's first idle moment after the first rows: what the first screen does not need waits. */
  whenIdle: () => Promise<void>;
}

export class ConversationController implements KeptConversation {
  readonly log = new ConversationEventLog();
  readonly session: SessionHandle;
  /** Where the copy stands: painted, joined to the server's log, dropped. */
  readonly copyState: StoreApi<CopyState> = createStore<CopyState>(() => ({ kind: 'none' }));
  private keeper: CopyKeeper | undefined;
  /** The copy's read, made once per opening and painted as it lands; undefined when none was made. */
  copyRead: Promise<CopyRead | undefined> | undefined;
  /** History pages already put into the log: a refetch brings new page objects, dedupe the rest. */
  private fed = new WeakSet<object>();
  /** The server's newest history page, as the keeper judges the copy by it. */
  newestServerPage: Page<unknown> | undefined;
  private infoReadHere = false;
  private headTaken = false;
  goneFromServer = false;
  private started = false;
  private closedFlag = false;
  private readonly cleanups: (() => void)[] = [];
  private readonly historyHash: string;
  private readonly infoHash: string;

  constructor(private readonly deps: ControllerDependencies) {
    const { settings, conversationId, queryClient } = deps;
    this.session = new SessionHandle(
      conversationId,
      this.log,
      {
        clients: agentServerClients(settings),
        serverUrl: settings.serverUrl,
        sessionApiKey: settings.sessionApiKey,
        onSettled: () => void conversationRunSettled(queryClient, settings, conversationId),
        onStatus: (status) => conversationStatusChanged(queryClient, settings, conversationId, status),
        // "Connected" must not outlive the server: check it again as soon as the socket says so.
        // A socket dropped and opened again may be a server restarted as another version.
        onLinkChanged: () => {
          forgetServerFacts(settings.serverUrl);
          void queryClient.invalidateQueries({ queryKey: healthKey(settings) });
        },
        // The header's health check read the version as the conversation opened.
        serverInfo: () =>
          queryClient
            .fetchQuery({ ...healthQuery(settings), staleTime: HEALTH_READ_FRESH_MS })
            .then((health) => (health.kind === 'reachable' ? { version: health.version } : {})),
      },
      sessionCode,
    );
    this.historyHash = hashKey(this.historyQuery().queryKey);
    this.infoHash = hashKey(conversationKey(settings, conversationId));
    // Pages read before this opening (the query keeps them a while) are held from the start.
    for (const [index, page] of this.historyPages().entries()) this.pageRead(page, index === 0);
    this.cleanups.push(
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        const hash = event.query.queryHash;
        if (hash !== this.infoHash && hash !== this.historyHash) return;
        const { action } = event;
        if (action.type === 'error' && httpStatus(action.error) === 404) this.gone();
        if (hash !== this.infoHash || action.type !== 'success') return;
        // A read (not the session's own status written into the cache) is news for the session.
        if (!action.manual) {
          this.infoReadHere = true;
          this.session.noteConversationInfo(action.data);
          this.takeHead();
        }
        // The info changes without an event when the server names the conversation: the copy
        // keeps the name the list and header show.
        this.keeper?.changed();
        // New limits (another tab's, or this one's), or the info's stats.
        this.checkLimits();
      }),
    );
    this.cleanups.push(
      this.session.live.subscribe((state, previous) => {
        if (state.gap.kind === 'gone' && previous.gap.kind !== 'gone') this.gone();
        // The log becomes whole when the session's join ends, which may change no event.
        if (state.gap !== previous.gap || state.status !== previous.status) this.keeper?.changed();
        if (state.status !== previous.status) this.checkLimits();
      }),
    );
    this.cleanups.push(this.log.subscribe(() => this.checkLimits()));
  }

  /** What holds the run to its budget and step limit, loaded once the info says it has one. */
  private limitWatch: LimitWatch | undefined;
  private limitWatchLoading = false;

  private checkLimits(): void {
    if (this.limitWatch) return this.limitWatch.check();
    if (this.limitWatchLoading || !hasLimitTags(this.info())) return;
    this.limitWatchLoading = true;
    void import('../limits/limitWatch').then(({ watchLimits }) => {
      if (this.closedFlag) return;
      this.limitWatch = watchLimits(this);
      this.limitWatch.check();
    });
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  get settings(): ConnectionSettings {
    return this.deps.settings;
  }

  get conversationId(): string {
    return this.deps.conversationId;
  }

  get queryClient(): QueryClient {
    return this.deps.queryClient;
  }

  /** The history's read: each page goes into the log as it is read. Made once, asked each draw. */
  historyQuery() {
    this.historyOptions ??= this.makeHistoryQuery();
    return this.historyOptions;
  }

  private historyOptions: ReturnType<ConversationController['makeHistoryQuery']> | undefined;

  private makeHistoryQuery() {
    const { settings, conversationId } = this.deps;
    return infiniteQueryOptions({
      ...eventHistoryQuery(settings, conversationId),
      queryFn: async ({ pageParam }) => {
        const page =
          (!pageParam && this.copyRead && (await this.newestJoiningCopy())) ||
          (await readHistoryPage(settings, conversationId, pageParam));
        if (!this.closedFlag) this.pageRead(page, !pageParam);
        return page;
      },
    });
  }

  /**
   * The newest page from the copy and what the server added after it, when the server still holds
   * the copy's newest event and added less than a page since: one read of the few events from the
   * copy's newest on, instead of the newest hundred again. Undefined when nothing is kept, the
   * server does not hold the copy's newest event (it was reset: the keeper's verdict on the
   * server's own page drops the copy), more than a page came since, or the read failed (the
   * server's page is read as on a first opening, and says why).
   */
  private async newestJoiningCopy(): Promise<Page<unknown> | undefined> {
    const read = await this.copyReadInTime();
    const newest: unknown = read?.events.at(-1);
    if (!read || !isRecord(newest) || newest.id !== read.meta.highId) return undefined;
    const { settings, conversationId } = this.deps;
    try {
      const after = await searchEventPage(agentServerClients(settings).conversations, conversationId, {
        page_id: read.meta.highId,
        sort_order: 'TIMESTAMP',
        limit: EVENTS_PAGE_SIZE,
        // An id the server does not hold restarts the read from the log's start: the timestamp
        // keeps that read to what is newer than the copy.
        ...(typeof newest.timestamp === 'string' ? { timestamp__gte: newest.timestamp } : {}),
      });
      const { items } = after;
      if (!isRecord(items[0]) || items[0].id !== read.meta.highId || after.next_page_id) return undefined;
      const held = await (
        await browserCopy()
      )?.page(settings.serverUrl, conversationId, read.meta.highId, EVENTS_PAGE_SIZE);
      if (!held) return undefined;
      return { items: [...items.slice(1).reverse(), ...held.items], next_page_id: held.next_page_id };
    } catch {
      return undefined;
    }
  }

  /** The copy's read, if one was made, unless it takes longer than a socket waits for it. */
  private copyReadInTime(): Promise<CopyRead | undefined> {
    return this.copyRead
      ? Promise.race([this.copyRead, new Promise<undefined>((done) => setTimeout(done, RESUME_WAIT_MS))])
      : Promise.resolve(undefined);
  }

  /** The newest page, read before the first render when the address opens this conversation. */
  prefetchNewest(): Promise<void> {
    return this.deps.queryClient.prefetchInfiniteQuery(this.historyQuery());
  }

  /** Older pages read together (find, a search result, Jump to start): into the log as they land. */
  ingestPages(pages: readonly Page<unknown>[]): void {
    for (const page of pages) this.pageRead(page, false);
  }

  /**
   * The copy's newest rows, read and painted into the log. With nothing kept in this browser
   * there is nothing to read, and the copy's code is not loaded with the first screen.
   */
  paintFromCopy(): void {
    if (this.copyRead || !copyKept()) return;
    const { serverUrl } = this.deps.settings;
    const { conversationId } = this.deps;
    void loadCopyKeeping();
    this.copyRead = browserCopy()
      .then((copy) => copy?.newest(serverUrl, conversationId, PAINTED_FROM_COPY))
      .then((read) => {
        if (read && !this.closedFlag && !this.goneFromServer) {
          this.log.ingest(read.events);
          if (read.meta.head !== undefined) this.log.setHead(read.meta.head, { from: 'copy' });
        }
        return read;
      })
      .catch(() => undefined);
  }

  /** The first view shows it: the socket subscribes after the copy's seq, the keeper begins. */
  start(): void {
    if (this.started || this.closedFlag) return;
    this.started = true;
    this.paintFromCopy();
    if (this.copyRead)
      void this.copyReadInTime().then((read) => {
        if (this.closedFlag) return;
        this.session.resumeAfter(resumeSeqOf(read?.meta));
        this.session.start();
      });
    else this.session.start();
    void this.deps.whenIdle().then(() => {
      if (!this.closedFlag) void this.session.load();
    });
    void this.beginKeeper();
  }

  /** The view is gone: the session stops, and the copy writes what is waiting. */
  close(): void {
    if (this.closedFlag) return;
    this.closedFlag = true;
    this.session.stop();
    for (const cleanup of this.cleanups) cleanup();
    this.limitWatch?.dispose();
    void this.keeper?.close();
    this.keeper = undefined;
  }

  private async beginKeeper(): Promise<void> {
    // With nothing kept there is nothing to paint: the keeper waits until the server's rows are
    // drawn and the page is idle, out of the first screen's way.
    if (!copyKept()) await this.deps.whenIdle();
    const { keepCopy } = await loadCopyKeeping();
    if (!this.closedFlag) this.keeper = keepCopy(this);
  }

  historyPages(): readonly Page<unknown>[] {
    return this.deps.queryClient.getQueryData<History>(this.historyQuery().queryKey)?.pages ?? [];
  }

  info(): unknown {
    return this.deps.queryClient.getQueryData(conversationKey(this.deps.settings, this.deps.conversationId));
  }

  private pageRead(page: Page<unknown>, newest: boolean): void {
    if (!isRecord(page) || this.fed.has(page)) return;
    this.fed.add(page);
    const items = itemsOf(page);
    this.log.ingest(items);
    if (!newest) return;
    // The socket carries only what comes after it subscribed; with the newest page in too, the
    // session reads over REST whatever came between the two (session/historyJoin.ts).
    this.session.historyLoaded(newestEventId(items));
    if (isFromCopy(page)) return;
    this.newestServerPage ??= page;
    this.keeper?.serverPage(items, Boolean(page.next_page_id));
    this.takeHead();
  }

  /**
   * HEAD is in the info only (a navigate persists no event). It is taken once per opening, from
   * the info read in this opening, once the newest history page is in too; and only when no run
   * appends (by the info, or by the events held): then the appends say where HEAD is. The info
   * may be older than the page (read before it, or kept stale by the server): EventTree.pin says
   * when its word yields to the events held.
   */
  private takeHead(): void {
    if (this.headTaken || !this.infoReadHere || !this.newestServerPage) return;
    const info = this.deps.queryClient.getQueryData<ConversationInfo>(
      conversationKey(this.deps.settings, this.deps.conversationId),
    );
    if (!info) return;
    this.headTaken = true;
    const running = isActive(info.execution_status) || isActive(this.log.projection.statusFromEvents);
    // A leaf not held yet is newer than the page (it comes by the socket) or older than it (a
    // navigate far back, not handled yet): either way the newest leaf held stands in.
    const leaf = info.leaf_event_id;
    if (leaf && this.log.has(leaf) && !running) this.log.setHead(leaf, { from: 'info' });
  }

  /** The server says the conversation does not exist: the copy is forgotten, its rows go. */
  private gone(): void {
    if (this.goneFromServer) return;
    this.goneFromServer = true;
    this.keeper?.deleted();
  }

  /**
   * The log was emptied of rows the server does not hold: everything the server sent goes in
   * again, and the socket (which may have resumed after the copy's seq) subscribes anew. The
   * newest page may be on its way into the query's data still (the verdict is given as it is
   * read): it goes first.
   */
  refeed(): void {
    const newest = this.newestServerPage;
    const pages = this.historyPages();
    this.fed = new WeakSet();
    this.newestServerPage = undefined;
    const all = newest && pages[0] !== newest ? [newest, ...pages.slice(1)] : pages;
    for (const [index, page] of all.entries()) this.pageRead(page, index === 0);
    this.session.resumeAnew();
  }
}

function itemsOf(page: Page<unknown>): readonly unknown[] {
  return Array.isArray(page?.items) ? page.items : [];
}

/** The newest event of a history page (pages come newest first); undefined for an empty page. */
function newestEventId(items: readonly unknown[]): string | undefined {
  const first = items[0];
  return isRecord(first) && typeof first.id === 'string' ? first.id : undefined;
}
