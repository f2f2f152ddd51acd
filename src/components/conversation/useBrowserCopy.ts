import { useEffect, useRef, useState } from 'react';
import type { ConnectionSettings } from '../../agent-server/servers';
import type { ConversationEventLog } from '../../conversation/eventLog';
import type { LiveSession } from '../../conversation/session/sessionHandle';
import { browserCopy, copyLimitBytes } from '../../conversation/copy/browserCopy';
import type { CopyKeeper, CopyState, HistoryPage } from '../../conversation/copy/copyKeeper';
import { earlyCopy, earlyCopyUsed, loadCopyKeeper } from '../../conversation/copy/earlyCopy';
import { copyKept } from '../../conversation/copy/copyHint';
import { isFromCopy } from '../../conversation/resources/events';
import { firstIdle } from '../useIdleReached';

// The browser's copy of the open conversation (conversation/copy/copyKeeper.ts), tied to the
// view model's life: read when it opens, written back while it is open and when it closes.

export interface BrowserCopyInputs {
  settings: ConnectionSettings;
  conversationId: string;
  log: ConversationEventLog;
  session: LiveSession;
  pages: readonly HistoryPage[] | undefined;
  info: unknown;
  /** The server answered that the conversation does not exist. */
  gone: boolean;
  refeed: () => void;
}

export function useBrowserCopy(inputs: BrowserCopyInputs): CopyState {
  const { settings, conversationId, log, session, pages, gone } = inputs;
  const [state, setState] = useState<CopyState>({ kind: 'none' });
  const latest = useRef(inputs);
  latest.current = inputs;
  const keeper = useRef<CopyKeeper | undefined>(undefined);
  // With nothing kept there is nothing to paint: the keeper's code waits until the server's rows
  // are drawn and the page is idle, out of the first screen's way.
  const begin = copyKept() || pages !== undefined;

  useEffect(() => {
    if (!begin) return;
    setState({ kind: 'none' });
    let closed = false;
    let opened: CopyKeeper | undefined;
    let unsubscribe = () => {};
    const ready = copyKept() ? Promise.resolve() : firstIdle();
    void ready.then(loadCopyKeeper).then(({ CopyKeeper }) => {
      if (closed) return;
      opened = new CopyKeeper({
        server: settings.serverUrl,
        conversation: conversationId,
        log,
        copy: browserCopy,
        early: () => earlyCopy(settings.serverUrl, conversationId),
        earlyUsed: () => earlyCopyUsed(settings.serverUrl, conversationId),
        holdsEverything: () => session.holdsEverything,
        heldThroughSeq: () => session.heldThroughSeq,
        limitBytes: copyLimitBytes,
        history: () => latest.current.pages ?? [],
        info: () => latest.current.info,
        onReset: () => latest.current.refeed(),
        onState: setState,
      });
      keeper.current = opened;
      // The log becomes whole when the session's join ends, which may change no event: the keeper
      // hears of it from the session's store itself, not from a render that may batch it away.
      const keeping = opened;
      unsubscribe = session.live.subscribe((state, previous) => {
        if (state.gap !== previous.gap || state.status !== previous.status) keeping.changed();
      });
      // What came before the keeper did is told now.
      const newest = latest.current.pages?.[0];
      if (newest && !isFromCopy(newest))
        opened.serverPage(Array.isArray(newest.items) ? newest.items : [], Boolean(newest.next_page_id));
      if (latest.current.gone) opened.deleted();
      void opened.open();
    });
    return () => {
      closed = true;
      keeper.current = undefined;
      unsubscribe();
      void opened?.close();
    };
  }, [begin, settings.serverUrl, conversationId, log, session]);

  const newest = pages?.[0];
  useEffect(() => {
    if (!newest || isFromCopy(newest)) return;
    const items = Array.isArray(newest.items) ? newest.items : [];
    keeper.current?.serverPage(items, Boolean(newest.next_page_id));
  }, [newest]);

  useEffect(() => {
    if (gone) keeper.current?.deleted();
  }, [gone]);

  // The info changes without an event when the server names the conversation (it says so
  // nowhere: the view model reads it again): the copy keeps the name the list and header show.
  const { info } = inputs;
  useEffect(() => {
    keeper.current?.changed();
  }, [info]);

  return state;
}
