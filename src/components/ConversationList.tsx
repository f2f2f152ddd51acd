import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { describeError } from '../agent-server/client';
import type { ConversationInfo } from '../agent-server/protocol';
import { useConnectionSettings } from '../agent-server/settings';
import { conversationListQuery, listRefreshMs } from '../conversation/resources/conversations';
import { firstUserMessageQuery } from '../conversation/resources/events';
import { listFilter, STATUS_FILTER_WORDS, type StatusFilter } from '../conversation/listFilter';
import { STATUS_WORDS, conversationTitle, formatTimestamp, relativeTime } from './conversationWords';
import { shownTitle } from './shownTitle';
import { lazyPart } from './boundaries/lazyPart';
import { useIdleReached } from './useIdleReached';
import { LIST_HEADING } from './list/listHeading';

const ItemActions = lazyPart(() => import('./list/ItemActions'));

export function ConversationList({ selectedId }: { selectedId: string | undefined }) {
  const settings = useConnectionSettings();
  const list = useInfiniteQuery({
    ...conversationListQuery(settings),
    refetchInterval: (query) => listRefreshMs(query.state.data, selectedId),
  });
  const queryClient = useQueryClient();
  const all = list.data?.pages.flatMap((page) => (Array.isArray(page.items) ? page.items : [])) ?? [];
  const [filterText, setFilterText] = useState('');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const keep = listFilter(filterText, statusFilter);
  const filtering = filterText.trim() !== '' || statusFilter !== 'all';
  const conversations = filtering
    ? all.filter((conversation) =>
        keep(shownTitle(queryClient, settings, conversation), conversation.execution_status),
      )
    : all;

  return (
    <nav className="conversation-list" aria-label="Conversations" onKeyDown={moveWithArrows}>
      <h2 id={LIST_HEADING} tabIndex={-1}>
        Conversations
      </h2>
      <div className="list-filter">
        <input
          type="search"
          aria-label="Filter conversations by title"
          placeholder="Filter by title"
          value={filterText}
          onChange={(event) => setFilterText(event.target.value)}
        />
        <select
          aria-label="Filter conversations by status"
          value={statusFilter}
          onChange={(event) => setStatusFilter(event.target.value as StatusFilter)}
        >
          {(Object.keys(STATUS_FILTER_WORDS) as StatusFilter[]).map((value) => (
            <option key={value} value={value}>
              {STATUS_FILTER_WORDS[value]}
            </option>
          ))}
        </select>
      </div>
      {list.isPending && <p className="loading">Loading conversations…</p>}
      {list.error && (
        <div className="banner error" role="alert">
          {describeError(list.error)}{' '}
          <button type="button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      )}
      {list.isSuccess && all.length === 0 && <p className="empty">No conversations yet.</p>}
      {filtering && all.length > 0 && conversations.length === 0 && (
        <p className="empty">
          No loaded conversation matches{list.hasNextPage ? ': load more to search further' : ''}.
        </p>
      )}
      <ul>
        {conversations.map((conversation) => (
          <ConversationListItem
            key={conversation.id}
            conversation={conversation}
            selected={conversation.id === selectedId}
          />
        ))}
      </ul>
      {list.hasNextPage && (
        <button
          type="button"
          className="load-more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Load more conversations'}
        </button>
      )}
    </nav>
  );
}

/**
 * ↑ and ↓ move between the conversations (from the filter too); Enter opens one, as a link does.
 * Only from the filter or a conversation's link: the rename field keeps its own keys.
 */
function moveWithArrows(event: React.KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const target = event.target as HTMLElement;
  const fromFilter = target.matches('.list-filter input');
  if (!fromFilter && !target.matches('.conversation-list li a')) return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('li a')];
  if (links.length === 0) return;
  event.preventDefault();
  const at = links.indexOf(target as HTMLAnchorElement);
  const next = fromFilter
    ? event.key === 'ArrowDown'
      ? 0
      : links.length - 1
    : Math.max(0, Math.min(links.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)));
  links[next]!.focus();
}

function ConversationListItem({
  conversation,
  selected,
}: {
  conversation: ConversationInfo;
  selected: boolean;
}) {
  const settings = useConnectionSettings();
  const [renaming, setRenaming] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const focusLink = useRef(false);
  // Back from renaming (saved or not), focus returns to the row.
  const leaveRenaming = useCallback(() => {
    focusLink.current = true;
    setRenaming(false);
  }, []);
  useEffect(() => {
    if (renaming || !focusLink.current) return;
    focusLink.current = false;
    link.current?.focus();
  }, [renaming]);
  const idle = useIdleReached();
  const untitled = !conversation.title?.trim();
  const firstMessage = useQuery({ ...firstUserMessageQuery(settings, conversation.id), enabled: untitled });
  const title = conversationTitle(conversation.title, firstMessage.data);
  const statusWords = STATUS_WORDS[conversation.execution_status] ?? conversation.execution_status;

  return (
    <li className={`conversation-item${selected ? ' selected' : ''}`} data-conversation-id={conversation.id}>
      {renaming ? (
        <Suspense fallback={null}>
          <ItemActions part="rename" conversation={conversation} title={title} onDone={leaveRenaming} />
        </Suspense>
      ) : (
        <Link
          ref={link}
          href={`/conversations/${conversation.id}`}
          className="conversation-link"
          aria-current={selected ? 'page' : undefined}
          title={`${title} — ${statusWords} · ${formatTimestamp(conversation.updated_at)}`}
        >
          <span
            className={`status-dot status-${conversation.execution_status}`}
            data-status={conversation.execution_status}
            aria-hidden="true"
          />
          <span className="conversation-title">{title}</span>
          <span className="visually-hidden">, {statusWords}, </span>
          <time className="conversation-time" dateTime={conversation.updated_at}>
            {relativeTime(conversation.updated_at, Date.now())}
          </time>
        </Link>
      )}
      {!renaming && idle && (
        <Suspense fallback={null}>
          <ItemActions
            part="buttons"
            conversation={conversation}
            title={title}
            selected={selected}
            onRename={() => setRenaming(true)}
          />
        </Suspense>
      )}
    </li>
  );
}
