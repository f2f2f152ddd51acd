import 'virtual:tether-english/board';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { useServers, type AgentServer } from '../../agent-server/servers';
import { describeError } from '../../agent-server/client';
import { boardMemory } from '../../conversation/board/boardMemory';
import {
  BOARD_COLUMNS,
  needsYouCount,
  placeOnBoard,
  wantsGlimpse,
} from '../../conversation/board/boardColumns';
import { boardListQuery, type BoardList } from '../../conversation/resources/boardList';
import { GlimpseReader } from '../../conversation/resources/glimpses';
import { useT } from '../../i18n/i18n';
import { BoardCard, type Card } from './BoardCard';
import { COLUMN_WORDS, boardTabTitle } from './boardWords';
import { badgeForBoard } from '../follow/appBadge';
import './board.css';

// Every conversation of every server, in columns of what it needs from the person: Needs you,
// Working, Review, Done, Idle. Statuses come from each server's list (boardList.ts: at the inbox's
// pace, with back-off), never from a socket per card; what the status does not tell comes from a glimpse of each
// conversation's newest events, read once per change (boardColumns.ts says the rules).

/** What the board has read of one server's list. */
interface ListRead {
  readonly data: BoardList | undefined;
  readonly error: unknown;
  readonly isPending: boolean;
  readonly isPlaceholderData: boolean;
}

/**
 * Reads one server's whole list and hands it up. A component per server, as hooks cannot be
 * called in a loop; useQueries would do it in one, but its code would join the first load's
 * vendor chunk for a page that loads lazily.
 */
function BoardListSource({
  server,
  onRead,
}: {
  server: AgentServer;
  onRead: (serverId: string, read: ListRead) => void;
}) {
  const queryClient = useQueryClient();
  const { data, error, isPending, isPlaceholderData } = useQuery(boardListQuery(server, queryClient));
  useEffect(
    () => onRead(server.id, { data, error, isPending, isPlaceholderData }),
    [onRead, server.id, data, error, isPending, isPlaceholderData],
  );
  return null;
}

export default function BoardPage() {
  const t = useT();
  const servers = useServers();
  const [reads, setReads] = useState<ReadonlyMap<string, ListRead>>(() => new Map());
  const onRead = useCallback(
    (serverId: string, read: ListRead) => setReads((before) => new Map(before).set(serverId, read)),
    [],
  );
  const lists = useMemo(() => servers.map((server) => reads.get(server.id)), [servers, reads]);
  const { seen, glimpses } = useStore(boardMemory);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const cards = useMemo(
    () =>
      servers
        .flatMap((server, index) =>
          (lists[index]?.data?.items ?? []).map((info): Card => {
            const key = `${server.id}/${info.id}`;
            const glimpse = glimpses[key];
            return { key, server, info, glimpse, placement: placeOnBoard(info, glimpse, seen[key]) };
          }),
        )
        // Newest change first in each column, whichever server it is on.
        .sort((a, b) => Date.parse(b.info.updated_at) - Date.parse(a.info.updated_at)),
    [servers, lists, glimpses, seen],
  );

  const reader = useRef<GlimpseReader>(undefined);
  useEffect(() => {
    const made = new GlimpseReader();
    reader.current = made;
    return () => made.stop();
  }, []);
  // Cards placed by their status alone until their newest events are read.
  const unread = useMemo(
    () => cards.filter((card) => wantsGlimpse(card.info, card.glimpse, seen[card.key], Date.now())),
    [cards, seen],
  );
  useEffect(() => {
    reader.current?.want(
      unread.map((card) => ({
        key: card.key,
        server: card.server,
        conversationId: card.info.id,
        updatedAt: card.info.updated_at,
      })),
    );
  }, [unread]);

  const needsYou = needsYouCount(cards.map((card) => card.placement));
  useEffect(() => {
    document.title = boardTabTitle(needsYou);
    badgeForBoard(needsYou);
  }, [needsYou, t]);
  // Left, the icon counts what the inbox counts again: approvals waiting on every server.
  useEffect(() => () => badgeForBoard(undefined), []);

  const several = servers.length > 1;
  const failing = servers.filter((_, index) => lists[index]?.error);
  // Still reading a server that has not failed (one that failed says so, below, and its cards
  // stay as they were read).
  const reading = lists.some((list) => !list || ((list.isPending || list.isPlaceholderData) && !list.error));
  return (
    <section className="board-page" aria-labelledby="board-heading">
      {servers.map((server) => (
        <BoardListSource key={server.id} server={server} onRead={onRead} />
      ))}
      <h1 id="board-heading">{t('board.heading')}</h1>
      <p className="board-summary" role="status">
        {reading ? t('board.reading') : t('board.summary', { count: cards.length, needsYou })}
        {!reading && unread.length > 0 && ` ${t('board.lookingInto', { count: unread.length })}`}
      </p>
      {failing.map((server) => (
        <p key={server.id} className="banner error" role="alert">
          {t('board.serverFailed', {
            server: server.name,
            reason: describeError(lists[servers.indexOf(server)]!.error),
          })}
        </p>
      ))}
      {servers.some((_, index) => lists[index]?.data?.cut === true && !lists[index]?.isPlaceholderData) && (
        <p className="board-note">{t('board.cut')}</p>
      )}
      <div className="board-columns">
        {BOARD_COLUMNS.map((column) => {
          const inColumn = cards.filter((card) => card.placement.column === column);
          const headingId = `board-column-${column}`;
          return (
            <section key={column} className="board-column" data-column={column} aria-labelledby={headingId}>
              <h2 id={headingId}>
                {t(COLUMN_WORDS[column])} <span className="board-count">{inColumn.length}</span>
              </h2>
              {inColumn.length === 0 ? (
                <p className="board-empty">{t('board.empty')}</p>
              ) : (
                <ul className="board-cards">
                  {inColumn.map((card) => (
                    <li key={card.key}>
                      <BoardCard card={card} several={several} now={now} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
