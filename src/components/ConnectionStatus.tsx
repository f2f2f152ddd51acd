import { useEffect, useState, type ComponentType } from 'react';
import type { ConnectionState } from '../agent-server/socket';
import type { GapState } from '../conversation/gapFiller';
import type { LiveSession } from '../conversation/session/sessionHandle';
import { useT, type MessageId } from '../i18n/i18n';
import { Words } from '../i18n/Words';

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

type Meaning = ComponentType<{ meaning: string }>;
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
 * alone reaches neither a finger nor the keyboard). A screen reader hears the meaning with the word,
 * so the note drawn on pressing is for the eyes only. It is drawn only while open: the header
 * adds no element to every conversation.
 */
export function ConnectionWords({ connection }: { connection: ConnectionState }) {
  const t = useT();
  const [explained, setExplained] = useState(false);
  const [Note, setNote] = useState<Meaning>();
  const ids = connection.kind === 'closed' ? undefined : CONNECTION_WORDS[connection.kind];
  if (!ids) return <span className="connection-words" data-connection={connection.kind} />;
  const meaning = t(ids[1]);
  return (
    <button
      type="button"
      className={`connection-words connection-${connection.kind}`}
      data-connection={connection.kind}
      aria-expanded={explained}
      onClick={() => {
        setExplained(!explained);
        // Should the note's code not load, the words are still said, plainly.
        if (!Note)
          loadMeaning().then(
            (loaded) => setNote(() => loaded),
            () => setNote(() => PlainMeaning),
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
      <span className="visually-hidden"> — {meaning}</span>
      {explained && Note && <Note meaning={meaning} />}
    </button>
  );
}

function PlainMeaning({ meaning }: { meaning: string }) {
  return <span aria-hidden="true"> {meaning}</span>;
}

/** Loud only when it matters: a single quick retry stays in the header words. */
export function ConnectionBanner({
  connection,
  session,
}: {
  connection: ConnectionState;
  session: LiveSession;
}) {
  const seconds = useCountdown(
    connection.kind === 'reconnecting' || connection.kind === 'crowded' ? connection.retryAt : undefined,
  );
  const t = useT();
  const tryNow = (
    <button type="button" onClick={() => session.reconnectNow()}>
      {t('connection.tryNow')}
    </button>
  );
  if (connection.kind === 'credentials') {
    return (
      <div className="banner warning" role="alert">
        {t('connection.credentialsBanner')} {tryNow}
      </div>
    );
  }
  if (connection.kind === 'crowded') {
    return (
      <div className="banner warning" role="status">
        <Words
          id="connection.crowdedBanner"
          values={{ seconds: <span className="countdown">{seconds}</span> }}
        />{' '}
        {tryNow}
      </div>
    );
  }
  if (connection.kind === 'offline') {
    return (
      <div className="banner warning" role="status">
        {t('connection.offlineBanner')}
      </div>
    );
  }
  if (connection.kind === 'reconnecting' && connection.attempt >= 2) {
    return (
      <div className="banner warning" role="status">
        <Words
          id="connection.lostBanner"
          values={{
            attempt: <span className="countdown">{connection.attempt}</span>,
            seconds: <span className="countdown">{seconds}</span>,
          }}
        />{' '}
        {tryNow}
      </div>
    );
  }
  return null;
}

/** The REST read that joins history and socket failed: what is missing, and when it is tried again. */
export function GapBanner({ gap }: { gap: GapState }) {
  const seconds = useCountdown(gap.kind === 'retrying' ? gap.retryAt : undefined);
  if (gap.kind !== 'retrying') return null;
  return (
    <div className="banner warning" role="status">
      <Words
        id="connection.gapBanner"
        values={{
          error: gap.error.replace(/\.?$/, '.'),
          seconds: <span className="countdown">{seconds}</span>,
          attempt: gap.attempt + 1,
        }}
      />
    </div>
  );
}

/** Whole seconds until `until`, ticking while there is something to count down to. */
function useCountdown(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
