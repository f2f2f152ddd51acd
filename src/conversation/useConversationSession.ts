import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { agentServerClients } from '../agent-server/client';
import type { ConnectionSettings } from '../agent-server/servers';
import { copyResumeSeq } from './copy/earlyCopy';
import { eventLogFor } from './eventLog';
import { SessionHandle } from './session/sessionHandle';
import { conversationRunSettled, conversationStatusChanged } from './resources/conversations';
import { healthKey } from './resources/server';

/**
 * How long a socket waits for the browser's copy to say where to resume (earlyCopy.ts). The read
 * takes tens of milliseconds, but more than 250 once after a reload while the shell's service
 * worker was filling its cache (a CI run on the real server). The wait guards against a read that
 * never ends (a database held by another tab), not a slow one: past it the socket asks for
 * everything and the REST join fills in, correct but slower.
 */
const RESUME_WAIT_MS = 1000;

const sessions = new Map<string, { session: SessionHandle; users: number }>();

// The session's socket code is its own chunk: see session/sessionHandle.ts.
const sessionCode = () => import('./liveSession');

/**
 * The live session of a conversation, shared by every component showing it, open while shown.
 * Its socket's code loads when `loadWhen` resolves (the page's first idle moment, once the first
 * rows are drawn); until then its stand-in takes commands and keeps what the session is told.
 */
export function useConversationSession(
  settings: ConnectionSettings,
  conversationId: string,
  loadWhen: () => Promise<void>,
): SessionHandle {
  const queryClient = useQueryClient();
  const key = `${settings.serverUrl}\u0000${settings.sessionApiKey}\u0000${conversationId}`;
  const session = useMemo(() => {
    const existing = sessions.get(key);
    if (existing) return existing.session;
    const created = new SessionHandle(
      conversationId,
      eventLogFor(settings.serverUrl, conversationId),
      {
        clients: agentServerClients(settings),
        serverUrl: settings.serverUrl,
        sessionApiKey: settings.sessionApiKey,
        onSettled: () => void conversationRunSettled(queryClient, settings, conversationId),
        onStatus: (status) => conversationStatusChanged(queryClient, settings, conversationId, status),
        // "Connected" must not outlive the server: check it again as soon as the socket says so.
        onLinkChanged: () => void queryClient.invalidateQueries({ queryKey: healthKey(settings) }),
      },
      sessionCode,
    );
    sessions.set(key, { session: created, users: 0 });
    return created;
  }, [key, conversationId, settings, queryClient]);

  useEffect(() => {
    const entry = sessions.get(key) ?? { session, users: 0 };
    sessions.set(key, entry);
    entry.users += 1;
    let closed = false;
    // The browser's copy holds events up to a seq: the socket waits for its read (on opening by
    // address it began before the first render, and is usually done) to ask only for what came
    // after. A read that never ends does not hold the socket back.
    const resume = copyResumeSeq(settings.serverUrl, conversationId);
    if (resume) {
      void Promise.race([resume, new Promise<undefined>((done) => setTimeout(done, RESUME_WAIT_MS))]).then(
        (seq) => {
          if (closed) return;
          session.resumeAfter(seq);
          session.start();
        },
      );
    } else session.start();
    void loadWhen().then(() => {
      if (!closed) void session.load();
    });
    return () => {
      closed = true;
      entry.users -= 1;
      if (entry.users === 0) {
        session.stop();
        sessions.delete(key);
      }
    };
  }, [key, session, settings.serverUrl, conversationId, loadWhen]);

  return session;
}
