import type { StoreApi } from 'zustand/vanilla';
import type { Page } from '../../agent-server/protocol';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { ConversationEventLog } from '../eventLog';
import type { SessionHandle } from '../session/sessionHandle';
import { browserCopy, copyLimitBytes } from '../copy/browserCopy';
import { CopyKeeper, type CopyState } from '../copy/copyKeeper';
import type { CopyRead } from '../copy/eventCopy';

// The keeper of an open conversation's copy, wired to its controller. Loaded with the copy's
// code: at once when something is kept (the copy paints the first rows), else in the page's first
// idle moment, out of the first screen's way.

/** What the keeper reads of the controller that owns the conversation. */
export interface KeptConversation {
  readonly settings: ConnectionSettings;
  readonly conversationId: string;
  readonly log: ConversationEventLog;
  readonly session: SessionHandle;
  readonly copyState: StoreApi<CopyState>;
  /** The copy's read made (and painted) by the controller, if one was. */
  readonly copyRead: Promise<CopyRead | undefined> | undefined;
  /** The server's newest history page, once read. */
  readonly newestServerPage: Page<unknown> | undefined;
  /** The server said the conversation does not exist. */
  readonly goneFromServer: boolean;
  /** The history pages read so far, newest first. */
  historyPages(): readonly Page<unknown>[];
  /** The conversation's info as last read. */
  info(): unknown;
  /** The log was emptied of the copy's rows: what the server sent is fed again. */
  refeed(): void;
}

/** A keeper for the conversation, told what came before it, and opened. */
export function keepCopy(kept: KeptConversation): CopyKeeper {
  const keeper = new CopyKeeper({
    server: kept.settings.serverUrl,
    conversation: kept.conversationId,
    log: kept.log,
    copy: browserCopy,
    early: () => kept.copyRead,
    holdsEverything: () => kept.session.holdsEverything,
    heldThroughSeq: () => kept.session.heldThroughSeq,
    limitBytes: copyLimitBytes,
    history: () => kept.historyPages(),
    info: () => kept.info(),
    onReset: () => kept.refeed(),
    onState: (state) => kept.copyState.setState(state, true),
  });
  const newest = kept.newestServerPage;
  if (newest)
    keeper.serverPage(Array.isArray(newest.items) ? newest.items : [], Boolean(newest.next_page_id));
  if (kept.goneFromServer) keeper.deleted();
  void keeper.open();
  return keeper;
}
