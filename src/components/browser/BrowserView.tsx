import { useSyncExternalStore } from 'react';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { ImageGallery } from '../attachments/ImageGallery';
import { formatTimestamp } from '../conversationWords';
import './browser.css';

// The Browser tab: the newest screenshot the agent's browser took and the page it is on, and
// every screenshot of the conversation, each opening full size. Loaded with the side panel.

export function BrowserView({ log }: { log: ConversationEventLog }) {
  const shots = useSyncExternalStore(log.subscribe, () => log.projection.reports.browserShots);
  const page = useSyncExternalStore(log.subscribe, () => log.projection.reports.browserPage);
  const latest = shots.at(-1);
  return (
    <div className="browser-view">
      {/* browser_use keeps screenshot_data out of the SDK's secret masking (SkipSecretMasking). */}
      <p className="workspace-note browser-warning">
        Screenshots show the page as the agent’s browser saw it: the agent-server does not hide secrets in
        them.
      </p>
      {page && (
        <p className="browser-page">
          Page: <span className="browser-url">{page}</span>
        </p>
      )}
      {latest ? (
        <figure className="browser-latest">
          <img
            src={latest.image}
            alt={`The newest screenshot of the agent’s browser${latest.url ? `, at ${latest.url}` : ''}`}
          />
          <figcaption>
            {latest.url ?? 'Page not named'} · {formatTimestamp(latest.timestamp)}
          </figcaption>
        </figure>
      ) : (
        <p className="workspace-note">The agent’s browser has not taken a screenshot in this conversation.</p>
      )}
      {shots.length > 1 && (
        <section aria-label="Every screenshot, oldest first" className="browser-strip">
          <h3>Every screenshot ({shots.length})</h3>
          <ImageGallery urls={shots.map((shot) => shot.image)} label="of the agent’s browser" />
        </section>
      )}
    </div>
  );
}
