import { useSyncExternalStore } from 'react';
import type { ConversationEventLog } from '../../conversation/eventLog';
import { ImageGallery } from '../attachments/ImageGallery';
import { formatTimestamp } from '../conversationWords';
import './browser.css';
import { useT } from '../../i18n/i18n';
import { Words } from '../../i18n/Words';
import 'virtual:tether-english/browser';

// The Browser tab: the newest screenshot the agent's browser took and the page it is on, and
// every screenshot of the conversation, each opening full size. Loaded with the side panel.

export function BrowserView({ log }: { log: ConversationEventLog }) {
  const shots = useSyncExternalStore(log.subscribe, () => log.projection.reports.browserShots);
  const page = useSyncExternalStore(log.subscribe, () => log.projection.reports.browserPage);
  const t = useT();
  const latest = shots.at(-1);
  return (
    <div className="browser-view">
      {/* browser_use keeps screenshot_data out of the SDK's secret masking (SkipSecretMasking). */}
      <p className="workspace-note browser-warning">{t('browser.warning')}</p>
      {page && (
        <p className="browser-page">
          <Words id="browser.page" values={{ url: <span className="browser-url">{page}</span> }} />
        </p>
      )}
      {latest ? (
        <figure className="browser-latest">
          <img
            src={latest.image}
            alt={latest.url ? t('browser.newestAt', { url: latest.url }) : t('browser.newest')}
          />
          <figcaption>
            {latest.url ?? t('browser.unnamed')} · {formatTimestamp(latest.timestamp)}
          </figcaption>
        </figure>
      ) : (
        <p className="workspace-note">{t('browser.none')}</p>
      )}
      {shots.length > 1 && (
        <section aria-label={t('browser.every')} className="browser-strip">
          <h3>{t('browser.everyCount', { count: shots.length })}</h3>
          <ImageGallery
            urls={shots.map((shot) => shot.image)}
            nameOf={(number) => t('browser.shot', { number })}
          />
        </section>
      )}
    </div>
  );
}
