import { Suspense, useEffect, useState, type ComponentType } from 'react';
import type { ConnectionState } from '../agent-server/socket';
import { useT, type MessageId } from '../i18n/i18n';
import { lazyPart } from './boundaries/lazyPart';
import { useIdleReached } from './useIdleReached';
import type { LinkTrouble } from './connection/ConnectionBanners';

// How the conversation's link to the server is doing, in the header and in banners.

/** Each connection's word, and what it means (for the tooltip and for screen readers). */
const CONNECTION_WORDS: Record<Exclude<ConnectionState['kind'], 'closed'>, [MessageId, MessageId]> = {
  connecting: ['connection.connecting', 'connection.meaning.connecting'],
  open: ['connection.open', 'connection.meaning.open'],
  reconnecting: ['connection.reconnecting', 'connection.meaning.reconnecting'],
  offline: ['connection.offline', 'connection.meaning.offline'],
  'key-rejected': ['connection.keyRejected', 'connection.meaning.keyRejected'],
  gone: ['connection.gone', 'connection.meaning.gone'],
  credentials: ['connection.credentials', 'connection.meaning.credentials'],
  crowded: ['connection.crowded', 'connection.meaning.crowded'],
};

type Meaning = ComponentType<{ meaning: string; anchor: HTMLElement }>;
/** The note's code and look, loaded with the first press: few ever press it. */
let loadingMeaning: Promise<Meaning> | undefined;
const loadMeaning = () =>
  (loadingMeaning ??= import('./connection/ConnectionMeaning').then(
    (module) => module.ConnectionMeaning,
    (error: unknown) => {
      loadingMeaning = undefined;
      throw error;
    },
  ));

/**
 * The connection in a word, which says what it means when pressed (a toggletip: a hover title
 * alone reaches neither a finger nor the keyboard). A screen reader hears the meaning with the word
 * (its name), so the note drawn on pressing is for the eyes only. It is drawn only while open: the header
 * adds no element to every conversation.
 */
export function ConnectionWords({ connection }: { connection: ConnectionState }) {
  const t = useT();
  const [explained, setExplained] = useState(false);
  const [Note, setNote] = useState<Meaning>();
  const [word, setWord] = useState<HTMLButtonElement | null>(null);
  const ids = connection.kind === 'closed' ? undefined : CONNECTION_WORDS[connection.kind];
  if (!ids) return <span className="connection-words" data-connection={connection.kind} />;
  const meaning = t(ids[1]);
  return (
    <button
      ref={setWord}
      type="button"
      className={`connection-words connection-${connection.kind}`}
      data-connection={connection.kind}
      // The word, then what it means: heard together (the word first, as it is seen).
      aria-label={`${t(ids[0])} — ${meaning}`}
      aria-expanded={explained}
      onClick={() => {
        setExplained(!explained);
        // Should the note's code not load, the word's name still says what it means; the next
        // press asks for it again.
        if (!Note)
          loadMeaning().then(
            (loaded) => setNote(() => loaded),
            () => setExplained(false),
          );
      }}
      onBlur={() => setExplained(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && explained) {
          event.stopPropagation();
          setExplained(false);
        }
      }}
    >
      {t(ids[0])}
      {explained && Note && word && <Note meaning={meaning} anchor={word} />}
    </button>
  );
}

/**
 * The banners of a link in trouble (reconnecting for a while, offline, too many connections,
 * credentials to re-activate, a gap in the history being read again). Their code and words are
 * not part of the first screen: they load in the first idle moment, so that they are there when
 * the network goes, and are drawn only when one is shown.
 */
const loadBanners = () => import('./connection/ConnectionBanners');
const Banners = lazyPart(loadBanners);

export function ConnectionTrouble({ connection, gap, session }: LinkTrouble) {
  const idle = useIdleReached();
  useEffect(() => {
    if (idle) void loadBanners();
  }, [idle]);
  const shown =
    connection.kind === 'credentials' ||
    connection.kind === 'crowded' ||
    connection.kind === 'offline' ||
    (connection.kind === 'reconnecting' && connection.attempt >= 2) ||
    gap.kind === 'retrying';
  return shown ? (
    <Suspense fallback={null}>
      <Banners connection={connection} gap={gap} session={session} />
    </Suspense>
  ) : null;
}
