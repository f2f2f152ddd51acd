import { useEffect, useState } from 'react';
import type { ConnectionState } from '../../agent-server/socket';
import type { GapState } from '../../conversation/gapFiller';
import { describeError } from '../../agent-server/client';
import type { LiveSession } from '../../conversation/session/sessionHandle';
import { useT } from '../../i18n/i18n';
import { Words } from '../../i18n/Words';
import 'virtual:tether-english/banner';

// The banners of a link in trouble, loaded in the first idle moment (ConnectionStatus.tsx).

/** What the banners are drawn from: the link, the history's gap, and the session to retry. */
export interface LinkTrouble {
  connection: ConnectionState;
  gap: GapState;
  session: LiveSession;
}

export default function ConnectionBanners({ connection, gap, session }: LinkTrouble) {
  return (
    <>
      <ConnectionBanner connection={connection} session={session} />
      <GapBanner gap={gap} />
    </>
  );
}

/** Loud only when it matters: a single quick retry stays in the header words. */
function ConnectionBanner({ connection, session }: { connection: ConnectionState; session: LiveSession }) {
  const seconds = useCountdown(
    connection.kind === 'reconnecting' || connection.kind === 'crowded' ? connection.retryAt : undefined,
  );
  const t = useT();
  const tryNow = (
    <button type="button" onClick={() => session.reconnectNow()}>
      {t('banner.tryNow')}
    </button>
  );
  if (connection.kind === 'credentials') {
    return (
      <div className="banner warning" role="alert">
        {t('banner.credentials')} {tryNow}
      </div>
    );
  }
  if (connection.kind === 'crowded') {
    return (
      <div className="banner warning" role="status">
        <Words id="banner.crowded" values={{ seconds: <span className="countdown">{seconds}</span> }} />{' '}
        {tryNow}
      </div>
    );
  }
  if (connection.kind === 'offline') {
    return (
      <div className="banner warning" role="status">
        {t('banner.offline')}
      </div>
    );
  }
  if (connection.kind === 'reconnecting' && connection.attempt >= 2) {
    return (
      <div className="banner warning" role="status">
        <Words
          id="banner.lost"
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
function GapBanner({ gap }: { gap: GapState }) {
  const seconds = useCountdown(gap.kind === 'retrying' ? gap.retryAt : undefined);
  if (gap.kind !== 'retrying') return null;
  return (
    <div className="banner warning" role="status">
      <Words
        id="banner.gap"
        values={{
          error: describeError(gap.error).replace(/\.?$/, '.'),
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
