import 'virtual:tether-english/search';
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { describeError } from '../../agent-server/client';
import { useServers, type AgentServer } from '../../agent-server/servers';
import { browserCopy } from '../../conversation/copy/browserCopy';
import { fetchIntoCopy } from '../../conversation/copy/fetchIntoCopy';
import { conversationListQuery } from '../../conversation/resources/conversations';
import type { SearchHit } from '../../conversation/search/copySearchIndex';
import { searchCopy, type SearchOutcome } from '../../conversation/search/searchClient';
import { unsearched, type Listed, type Unsearched } from '../../conversation/search/unsearched';
import { formatNumber } from '../../i18n/format';
import { useT } from '../../i18n/i18n';
import { conversationPath } from '../conversationPath';
import './search.css';

// Search over every conversation this browser keeps, on every server: messages, commands,
// outputs and titles, as the words are typed (the index is in a worker). A result opens its
// conversation at the row that holds it. Conversations listed on a server but not kept here are
// named, and so are those kept only in part; either can be fetched into the copy whole, so that
// it is searched too.

export default function SearchPage() {
  const t = useT();
  const [, navigate] = useLocation();
  // The address holds the words: Back and a reload come to the same results.
  const query = new URLSearchParams(useSearch()).get('q') ?? '';
  const [outcome, setOutcome] = useState<{ query: string; outcome: SearchOutcome }>();
  const [generation, setGeneration] = useState(0);
  const servers = useServers();

  useEffect(() => {
    let current = true;
    void searchCopy(query).then((found) => current && setOutcome({ query, outcome: found }));
    return () => {
      current = false;
    };
  }, [query, generation]);

  const shown = outcome?.outcome;
  const answer = shown?.answer;
  return (
    <section className="search-page" aria-labelledby="search-heading">
      <h1 id="search-heading">{t('search.heading')}</h1>
      <input
        type="search"
        className="search-field"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={query}
        // The page is where a search is typed: its field has the focus when it opens.
        autoFocus
        onChange={(event) => {
          const words = event.target.value;
          navigate(words ? `/search?q=${encodeURIComponent(words)}` : '/search', { replace: true });
        }}
      />
      <p role="status" className="search-count">
        {shown?.unavailable
          ? t('search.unavailable')
          : answer && outcome?.query.trim()
            ? answer.total === 0
              ? t('search.none')
              : `${t('search.found', {
                  matches: t('search.matchCount', { count: answer.total }),
                  conversations: t('search.conversationCount', { count: answer.conversations }),
                })}${answer.total > answer.hits.length ? ` ${t('search.showing', { count: answer.hits.length })}` : ''}`
            : ''}
      </p>
      {answer && answer.hits.length > 0 && (
        <ol className="search-results">
          {answer.hits.map((hit, index) => (
            <SearchResult
              key={`${hit.server}\u0000${hit.conversation}\u0000${hit.eventId ?? ''}\u0000${index}`}
              hit={hit}
              servers={servers}
            />
          ))}
        </ol>
      )}
      <NotKept servers={servers} onFetched={() => setGeneration((n) => n + 1)} />
    </section>
  );
}

function SearchResult({ hit, servers }: { hit: SearchHit; servers: readonly AgentServer[] }) {
  const t = useT();
  const server = servers.find((known) => known.serverUrl === hit.server);
  const kind = {
    title: t('search.kind.title'),
    message: t('search.kind.message'),
    command: t('search.kind.command'),
    output: t('search.kind.output'),
  }[hit.kind];
  const body = (
    <>
      <span className="search-title">{hit.title || t('search.untitled')}</span>
      <span className="search-where">
        <span className="server-name">{server ? server.name : hit.server}</span> · {kind}
      </span>
      <span className={`search-snippet${hit.kind === 'command' || hit.kind === 'output' ? ' code' : ''}`}>
        {hit.before}
        <mark>{hit.match}</mark>
        {hit.after}
      </span>
    </>
  );
  return (
    <li>
      {server ? (
        <Link
          href={`${conversationPath(server.id, hit.conversation)}${hit.eventId ? `?event=${encodeURIComponent(hit.eventId)}` : ''}`}
        >
          {body}
        </Link>
      ) : (
        <div>{body}</div>
      )}
    </li>
  );
}

type Fetching =
  | { kind: 'idle' }
  | { kind: 'fetching'; done: number; count: number }
  | { kind: 'done'; count: number; problem?: string };

/** How many conversations a notice names before it counts the rest. */
const NAMED = 5;

/**
 * What the search does not reach, said plainly and by name: conversations listed on the servers
 * that this browser keeps nothing of, and those it keeps only in part (opened, their older
 * events never read here). Fetching reads each whole into the copy.
 */
function NotKept({ servers, onFetched }: { servers: readonly AgentServer[]; onFetched: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [found, setFound] = useState<Unsearched>();
  const [fetching, setFetching] = useState<Fetching>({ kind: 'idle' });

  const measure = useCallback(async () => {
    const kept = (await (await browserCopy())?.conversations()) ?? [];
    const listed = await Promise.all(
      servers.map(async (server) => {
        const list = await queryClient
          .fetchInfiniteQuery(conversationListQuery(server))
          .catch(() => undefined);
        return (list?.pages ?? []).flatMap((page) =>
          page.items.map((info) => ({ server: server.serverUrl, id: info.id, title: info.title })),
        );
      }),
    );
    return unsearched(listed.flat(), kept, new Set(servers.map((server) => server.serverUrl)));
  }, [servers, queryClient]);

  useEffect(() => {
    let current = true;
    void measure().then((measured) => current && setFound(measured));
    return () => {
      current = false;
    };
  }, [measure]);

  const fetchAll = async (all: readonly Listed[]) => {
    setFetching({ kind: 'fetching', done: 0, count: all.length });
    let problem: string | undefined;
    for (const [index, { server: url, id }] of all.entries()) {
      const server = servers.find((known) => known.serverUrl === url);
      if (server)
        await fetchIntoCopy(server, id).catch((error: unknown) => {
          problem ??= describeError(error);
        });
      setFetching({ kind: 'fetching', done: index + 1, count: all.length });
    }
    setFetching({ kind: 'done', count: all.length, problem });
    setFound(await measure());
    onFetched();
  };

  const missing = found ? [...found.partlyKept, ...found.notKept] : [];
  if (!found || (missing.length === 0 && fetching.kind !== 'done')) return null;
  return (
    <div className="search-not-kept">
      {found.partlyKept.length > 0 && (
        <Named
          words={t('search.partlyKept', { count: found.partlyKept.length })}
          entries={found.partlyKept}
          servers={servers}
        />
      )}
      {found.notKept.length > 0 && (
        <Named
          words={t('search.notKept', { count: found.notKept.length })}
          entries={found.notKept}
          servers={servers}
        />
      )}
      {fetching.kind === 'fetching' ? (
        <p role="status">
          {t('search.fetching', { done: formatNumber(fetching.done), count: fetching.count })}
        </p>
      ) : (
        <>
          {fetching.kind === 'done' && (
            <p role="status">
              {fetching.problem
                ? t('search.fetchFailed', { problem: fetching.problem })
                : t('search.fetched', { count: fetching.count })}
            </p>
          )}
          {missing.length > 0 && (
            <button type="button" onClick={() => void fetchAll(missing)}>
              {t('search.fetch')}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** A notice and the conversations it is about: the first few by title and server, then a count. */
function Named({
  words,
  entries,
  servers,
}: {
  words: string;
  entries: readonly Listed[];
  servers: readonly AgentServer[];
}) {
  const t = useT();
  const rest = entries.length - NAMED;
  return (
    <>
      <p>{words}</p>
      <ul className="search-unsearched">
        {entries.slice(0, NAMED).map((entry) => {
          const server = servers.find((known) => known.serverUrl === entry.server);
          return (
            <li key={`${entry.server}\u0000${entry.id}`}>
              <span className="search-title">{entry.title?.trim() || t('search.untitled')}</span>
              <span className="search-where">
                {' · '}
                <span className="server-name">{server ? server.name : entry.server}</span>
              </span>
            </li>
          );
        })}
        {rest > 0 && <li>{t('search.more', { count: rest })}</li>}
      </ul>
    </>
  );
}
