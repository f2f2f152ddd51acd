import { Suspense } from 'react';
import { useStore } from 'zustand';
import type { LiveSession } from '../conversation/session/sessionHandle';
import { lazyPart } from './boundaries/lazyPart';

const LiveItems = lazyPart(() => import('./live/LiveItems'));

/** What is not (yet) in the history: the agent's streaming turn and the user's messages on their way. */
export function LiveFooter({ session, model }: { session: LiveSession; model: string | undefined }) {
  const streams = useStore(session.live, (s) => s.streams);
  const pending = useStore(session.live, (s) => s.pending);
  const status = useStore(session.live, (s) => s.status);
  const stopping = useStore(session.live, (s) => s.stopping);
  const missed = useStore(session.live, (s) => s.missed);
  // Running, no word streamed yet and no tool at work: the agent is waiting for its model. The
  // server says nothing of its LLM retries (1.57), so the time waited is what can be shown. A
  // stream opened with no word in it yet draws nothing: the line stays until the first word
  // takes its place, so that the transcript never shrinks under the reader in between.
  const nothingStreamed = streams.items.every((item) => !item.text && !item.reasoning);
  const waitingForModel =
    status === 'running' && !stopping && nothingStreamed && session.log.projection.openCalls === 0;
  const live =
    waitingForModel ||
    streams.items.length > 0 ||
    streams.aborted !== undefined ||
    pending.length > 0 ||
    missed !== undefined;
  return (
    <div className="live-footer">
      {live && (
        <Suspense fallback={null}>
          <LiveItems
            session={session}
            model={model}
            streams={streams}
            pending={pending}
            agentRunning={status === 'running'}
            waitingForModel={waitingForModel}
            missed={missed}
          />
        </Suspense>
      )}
    </div>
  );
}
