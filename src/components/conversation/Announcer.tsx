import { useStore } from 'zustand';
import type { LiveSession } from '../../conversation/session/sessionHandle';

/** The one polite live region: the moments of a run, in short sentences. */
export function Announcer({ session }: { session: LiveSession }) {
  const announcements = useStore(session.live, (s) => s.announcements);
  return (
    <div className="visually-hidden" role="status" data-announcer="">
      {announcements.map((announcement) => (
        <p key={announcement.id}>{announcement.text}</p>
      ))}
    </div>
  );
}
