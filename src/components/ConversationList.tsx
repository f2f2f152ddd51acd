import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { describeError } from '../agent-server/client';
import type { ConversationInfo } from '../agent-server/protocol';
import { useServers, type AgentServer } from '../agent-server/servers';
import { firstUserMessageQuery } from '../conversation/resources/events';
import { healthKey } from '../conversation/resources/server';
import { listFilter, STATUS_FILTERS, statusFilterWords, type StatusFilter } from '../conversation/listFilter';
import { i18n, useT } from '../i18n/i18n';
import { statusWords, conversationTitle, formatTimestamp, relativeTime } from './conversationWords';
import { shownTitle } from './shownTitle';
import { lazyPart } from './boundaries/lazyPart';
import { useIdleReached } from './useIdleReached';
import { LIST_HEADING } from './list/listHeading';
import { ServerFeedSource, usePatienceSpent, useServerFeeds } from './inbox/ServerFeeds';
import { inboxRows } from './inbox/inboxRows';
import { useInboxFollow } from './inbox/useInboxFollow';
import { ServerScope, useScopedServer } from './servers/serverScope';
import { ServerTag } from './servers/ServerTag';
import { useUnreachable } from './servers/useUnreachable';
import { conversationPath, type ConversationAddress } from './conversationPath';

import 'virtual:tether-english/inbox';
import { BRANCH_TAG, tagOf } from '../conversation/conversationTags';

const ItemActions = lazyPart(() => import('./list/ItemActions'));

export function ConversationList({ selected }: { selected: ConversationAddress | undefined }) {
  const servers = useServers();
  const { feeds, onFeed } = useServerFeeds(servers);
  const patienceSpent = usePatienceSpent();
  const queryClient = useQueryClient();
  const [filterText, setFilterText] = useState('');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const [serverFilter, setServerFilter] = useState('');
  const unreachable = useUnreachable(servers);
  const merged = useMemo(
    () => inboxRows(servers, feeds, patienceSpent, unreachable),
    [servers, feeds, patienceSpent, unreachable],
  );
  useInboxFollow(merged.shown, selected);
  const keep = listFilter(filterText, statusFilter);
  const onlyServer = servers.some((server) => server.id === serverFilter) ? serverFilter : '';
  const filtering = filterText.trim() !== '' || statusFilter !== 'all' || onlyServer !== '';
  const rows = filtering
    ? merged.shown.filter(
        (row) =>
          (!onlyServer || row.serverId === onlyServer) &&
          keep(shownTitle(queryClient, row.server, row.conversation), row.conversation.execution_status),
      )
    : merged.shown;
  const several = servers.length > 1;
  const t = useT();
  const nextFrom = merged.holdingBack.map((id) => feeds.get(id)).find((feed) => feed?.hasNextPage);
  const waiting = servers.filter((server) => feeds.get(server.id)?.pending ?? true);
  const failing = servers.filter((server) => feeds.get(server.id)?.error || unreachable.has(server.id));
  // Rows painted from the list this browser kept, until each server's own read replaces them.
  const checking = servers.filter((server) => {
    const feed = feeds.get(server.id);
    return feed?.keptAt !== undefined && !feed.error;
  });
  const keptAt = Math.min(...checking.map((server) => feeds.get(server.id)!.keptAt!));

  return (
    <>
      {/* Beside the list, not in it: the list's links are its conversations. */}
      <Link href="/search" className="search-everything">
        {t('list.searchEverything')}
      </Link>
      <Link href="/board" className="search-everything">
        {t('list.board')}
      </Link>
      <nav className="conversation-list" aria-label={t('list.heading')} onKeyDown={moveWithArrows}>
        {servers.map((server) => (
          <ServerFeedSource
            key={server.id}
            server={server}
            openId={selected?.serverId === server.id ? selected.conversationId : undefined}
            onFeed={onFeed}
          />
        ))}
        <h2 id={LIST_HEADING} tabIndex={-1}>
          {t('list.heading')}
        </h2>
        <div className="list-filter">
          <input
            type="search"
            aria-label={t('list.filterByTitle')}
            placeholder={t('list.filterPlaceholder')}
            value={filterText}
            onChange={(event) => setFilterText(event.target.value)}
          />
          <select
            aria-label={t('list.filterByStatus')}
            value={statusFilter}
            onChange={(event) => setStatusFilter(event.target.value as StatusFilter)}
          >
            {STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {statusFilterWords(value)}
              </option>
            ))}
          </select>
          {several && (
            <select
              className="server-filter"
              aria-label={t('list.filterByServer')}
              value={onlyServer}
              onChange={(event) => setServerFilter(event.target.value)}
            >
              <option value="">{t('list.everyServer')}</option>
              {servers.map((server) => (
                <option key={server.id} value={server.id}>
                  {server.name}
                </option>
              ))}
            </select>
          )}
        </div>
        {failing.map((server) => (
          <div key={server.id} className="banner error server-problem" role="alert">
            {several ? `${server.name}: ` : ''}
            {feeds.get(server.id)?.error
              ? describeError(feeds.get(server.id)!.error)
              : unreachable.get(server.id)}{' '}
            <button
              type="button"
              aria-label={several ? t('list.tryServerAgain', { server: server.name }) : undefined}
              onClick={() => {
                feeds.get(server.id)?.retry();
                void queryClient.invalidateQueries({ queryKey: healthKey(server) });
              }}
            >
              {t('list.tryAgain')}
            </button>
          </div>
        ))}
        {merged.shown.length === 0 && waiting.length > 0 && (
          <p className="loading">{t('shell.loadingConversations')}</p>
        )}
        {checking.length > 0 && (
          <p className="loading" role="status">
            {t('inbox.keptChecking', {
              when: relativeTime(new Date(keptAt).toISOString(), Date.now()),
              servers: new Intl.ListFormat(i18n.locale).format(checking.map((server) => server.name)),
            })}
          </p>
        )}
        {merged.shown.length > 0 && waiting.length > 0 && patienceSpent && (
          <p className="loading">
            {t('list.stillWaiting', {
              servers: new Intl.ListFormat(i18n.locale).format(waiting.map((server) => server.name)),
            })}
          </p>
        )}
        {merged.shown.length === 0 && waiting.length === 0 && failing.length < servers.length && (
          <p className="empty">{t('list.empty')}</p>
        )}
        {servers.length === 0 && <p className="empty">{t('list.noServer')}</p>}
        {filtering && merged.shown.length > 0 && rows.length === 0 && (
          <p className="empty">{nextFrom ? t('list.noMatchLoadMore') : t('list.noMatch')}</p>
        )}
        <ul>
          {rows.map((row) => (
            <ServerScope key={`${row.serverId}/${row.id}`} value={row.server}>
              <ConversationListItem
                conversation={row.conversation}
                serverTag={several ? row.server : undefined}
                unavailable={row.unavailable}
                selected={row.serverId === selected?.serverId && row.id === selected.conversationId}
              />
            </ServerScope>
          ))}
        </ul>
        {nextFrom && (
          <button
            type="button"
            className="load-more"
            disabled={nextFrom.fetchingNextPage}
            onClick={nextFrom.fetchNextPage}
          >
            {nextFrom.fetchingNextPage ? t('list.loading') : t('list.loadMore')}
          </button>
        )}
      </nav>
    </>
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
  serverTag,
  unavailable,
  selected,
}: {
  conversation: ConversationInfo;
  /** The server's name and colour, when the inbox holds several. */
  serverTag: AgentServer | undefined;
  /** Its server failed its last read. */
  unavailable: boolean;
  selected: boolean;
}) {
  const settings = useScopedServer();
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
  const statusText = statusWords(conversation.execution_status);
  const t = useT();

  const branch = tagOf(conversation, BRANCH_TAG);
  return (
    <li
      className={`conversation-item${selected ? ' selected' : ''}${unavailable ? ' unavailable' : ''}`}
      data-conversation-id={conversation.id}
      data-server-id={settings.id}
    >
      {renaming ? (
        <Suspense fallback={null}>
          <ItemActions part="rename" conversation={conversation} title={title} onDone={leaveRenaming} />
        </Suspense>
      ) : (
        <Link
          ref={link}
          href={conversationPath(settings.id, conversation.id)}
          className="conversation-link"
          aria-current={selected ? 'page' : undefined}
          title={`${title} — ${serverTag ? `${serverTag.name} · ` : ''}${statusText} · ${formatTimestamp(conversation.updated_at)}`}
        >
          <span
            className={`status-dot status-${conversation.execution_status}`}
            data-status={conversation.execution_status}
            aria-hidden="true"
          />
          {serverTag || branch ? (
            // With several servers, each row names its own under the title; a conversation in
            // its own worktree, its branch.
            <span className="conversation-text">
              <span className="conversation-title">{title}</span>
              {serverTag && <ServerTag server={serverTag} />}
              {branch && (
                <span className="list-branch">
                  <span aria-hidden="true">⎇ </span>
                  <span className="visually-hidden">{t('list.onBranch')} </span>
                  {branch}
                </span>
              )}
            </span>
          ) : (
            <span className="conversation-title">{title}</span>
          )}
          <span className="visually-hidden">
            , {statusText}
            {unavailable ? `, ${t('list.unreachable', { server: settings.name })}` : ''},{' '}
          </span>
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
