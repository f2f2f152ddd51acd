import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ExecutionStatus } from '../../agent-server/protocol';
import { runNotice, tabTitle } from '../../conversation/follow/runNotices';
import { notificationsOn } from './notifications';
import { useStore } from 'zustand';
import { attention } from './attention';
import { useScopedServer } from '../servers/serverScope';
import { conversationPath } from '../conversationPath';

const away = () => document.visibilityState === 'hidden';

/**
 * Keeps the tab title on the open conversation's state and its unseen replies (those that
 * arrived while the tab was hidden), and notifies a person who opted in when, with the tab
 * hidden, the run ends, fails or waits for approval. A click on the notice comes back here.
 */
export function useFollowRun(
  conversationId: string,
  title: string | undefined,
  status: ExecutionStatus | undefined,
  liveReplies: number,
) {
  const [unseen, setUnseen] = useState(0);
  const [, navigate] = useLocation();
  const server = useScopedServer();
  const seenReplies = useRef(liveReplies);
  useEffect(() => {
    const arrived = liveReplies - seenReplies.current;
    seenReplies.current = liveReplies;
    if (arrived > 0 && away()) setUnseen((count) => count + arrived);
  }, [liveReplies]);
  useEffect(() => {
    const onVisibility = () => {
      if (!away()) setUnseen(0);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const waitingElsewhere = useStore(attention, (state) => state.waitingElsewhere);
  useEffect(() => {
    document.title = tabTitle(title, status, unseen, waitingElsewhere);
  }, [title, status, unseen, waitingElsewhere]);
  useEffect(() => () => void (document.title = 'Tether'), []);

  const previous = useRef(status);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (!status || !away() || !notificationsOn()) return;
    const notice = runNotice(before, status, title ?? 'Conversation');
    if (!notice) return;
    const notification = new Notification(notice.title, { body: notice.body, tag: conversationId });
    notification.onclick = () => {
      window.focus();
      navigate(conversationPath(server.id, conversationId));
      notification.close();
    };
  }, [status, title, conversationId, navigate, server.id]);
}
