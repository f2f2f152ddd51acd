import { useStore } from 'zustand';
import type { ConversationSession } from '../../conversation/liveSession';

/** The one polite live region: the moments of a run, in short sentences. */
export function Announcer({ session }: { session: ConversationSession }) {
  const announcements = useStore(session.live, (s) => s.announcements);
  return (
    <div className="visually-hidden" role="status" data-announcer="">
      {announcements.map((announcement) => (
        <p key={announcement.id}>{announcement.text}</p>
      ))}
    </div>
  );
}
