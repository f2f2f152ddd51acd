import { useEffect, useState } from 'react';
import type { ConnectionState } from '../agent-server/socket';
import type { GapState } from '../conversation/gapFiller';
import type { ConversationSession } from '../conversation/liveSession';

// How the conversation's link to the server is doing, in the header and in banners.

/** What each connection word means, for the tooltip and for screen readers. */
const CONNECTION_MEANINGS: Record<ConnectionState['kind'], string> = {
  connecting: 'opening the live connection to the agent-server',
  open: 'connected: the agent’s events appear as they happen',
  reconnecting: 'the live connection dropped; Tether reconnects and misses nothing',
  offline: 'this device is offline; messages you send are kept',
  'key-rejected': 'the agent-server refused the session API key',
  gone: 'the agent-server does not know this conversation',
  closed: '',
};

export function ConnectionWords({ connection }: { connection: ConnectionState }) {
  const words: Record<ConnectionState['kind'], string> = {
    connecting: 'Connecting…',
    open: 'Live',
    reconnecting: 'Reconnecting…',
    offline: 'Offline',
    'key-rejected': 'Key rejected',
    gone: 'Not found',
    closed: '',
  };
  const meaning = CONNECTION_MEANINGS[connection.kind];
  return (
    <span
      className={`connection-words connection-${connection.kind}`}
      data-connection={connection.kind}
      title={meaning}
    >
      {words[connection.kind]}
      {meaning && <span className="visually-hidden"> — {meaning}</span>}
    </span>
  );
}

/** Loud only when it matters: a single quick retry stays in the header words. */
export function ConnectionBanner({
  connection,
  session,
}: {
  connection: ConnectionState;
  session: ConversationSession;
}) {
  const seconds = useCountdown(connection.kind === 'reconnecting' ? connection.retryAt : undefined);
  if (connection.kind === 'offline') {
    return (
      <div className="banner warning" role="status">
        You are offline. Tether reconnects as soon as the network is back; messages you send now are kept.
      </div>
    );
  }
  if (connection.kind === 'reconnecting' && connection.attempt >= 2) {
    return (
      <div className="banner warning" role="status">
        Connection to the agent-server lost. Reconnecting (attempt{' '}
        <span className="countdown">{connection.attempt}</span>) in{' '}
        <span className="countdown">{seconds}</span> s.{' '}
        <button type="button" onClick={() => session.reconnectNow()}>
          Try now
        </button>
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
      The newest events could not be loaded: {gap.error.replace(/\.?$/, '.')} Trying again in{' '}
      <span className="countdown">{seconds}</span> s (attempt {gap.attempt + 1}).
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
