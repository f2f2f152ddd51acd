import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { describeError } from '../agent-server/client';
import type { Page } from '../agent-server/protocol';
import { useConnectionSettings } from '../agent-server/settings';
import { eventLogFor } from '../conversation/eventLog';
import { isActive } from '../conversation/projection';
import { conversationQuery, eventHistoryQuery } from '../conversation/queries';
import { ChatHistory } from './ChatHistory';
import { STATUS_WORDS, conversationTitle } from './conversationWords';

export function ConversationView({ conversationId }: { conversationId: string }) {
  const settings = useConnectionSettings();
  const conversation = useQuery(conversationQuery(settings, conversationId));
  const history = useInfiniteQuery(eventHistoryQuery(settings, conversationId));
  const log = useMemo(
    () => eventLogFor(settings.serverUrl, conversationId),
    [settings.serverUrl, conversationId],
  );
  useSyncExternalStore(log.subscribe, log.getVersion);

  // Each page object is fed once; a refetch brings new page objects and dedupe does the rest.
  const fed = useRef(new WeakSet<Page<unknown>>());
  useEffect(() => {
    for (const page of history.data?.pages ?? []) {
      if (fed.current.has(page)) continue;
      fed.current.add(page);
      log.ingest(Array.isArray(page?.items) ? page.items : []);
    }
  }, [history.data, log]);

  const status = conversation.data?.execution_status;
  const active = isActive(status);
  const error = conversation.error ?? history.error;
  const restartNotice = status === 'error' && !log.projection.errorExplained;

  return (
    <section className="conversation" aria-labelledby="conversation-title">
      <header className="conversation-header">
        <h1 id="conversation-title">
          {conversation.data ? conversationTitle(conversation.data.title, '') || 'Untitled' : 'Loading…'}
        </h1>
        {status && (
          <span className={`status status-${status}`} data-status={status}>
            {STATUS_WORDS[status] ?? status}
          </span>
        )}
      </header>
      {error && (
        <div className="banner error" role="alert">
          {describeError(error)}{' '}
          <button
            type="button"
            onClick={() => void (conversation.error ? conversation.refetch() : history.refetch())}
          >
            Try again
          </button>
        </div>
      )}
      {log.rejected > 0 && (
        <div className="banner warning" role="status">
          {log.rejected} malformed {log.rejected === 1 ? 'event was' : 'events were'} skipped: the server sent
          items without an id or kind.
        </div>
      )}
      {history.isPending && !error && <p className="loading">Loading the conversation…</p>}
      <ChatHistory
        log={log}
        active={active}
        hasOlder={history.hasNextPage}
        loadingOlder={history.isFetchingNextPage}
        loadOlder={() => void history.fetchNextPage()}
        footer={
          restartNotice ? (
            <div className="chat-row notice" role="status">
              The run was interrupted by a server restart. Calls that were in flight have no result.
            </div>
          ) : null
        }
      />
    </section>
  );
}
