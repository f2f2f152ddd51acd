import { useT } from '../../i18n/i18n';
import 'virtual:tether-english/failed';

// What stands in a failed eager part's place: what failed, in words, and how to get it back.
// Loaded when something first fails (see `Failed.tsx`): until then no byte of it is loaded.

/** Which part failed: its words are this part's own. */
const WORDS = { header: 'failed.header', conversation: 'failed.conversation' } as const;

export type FailedPart = keyof typeof WORDS | 'app';

/**
 * A part of the screen that failed while drawn says so, and Retry draws it again. When the whole
 * app failed, nothing of it can be trusted to draw: a reload starts it afresh.
 */
export default function FailedWords({ part, retry }: { part: FailedPart; retry: () => void }) {
  const t = useT();
  if (part === 'app')
    return (
      <main className="app-failed" role="alert">
        <p>{t('failed.app')}</p>
        <button type="button" className="primary" onClick={() => location.reload()}>
          {t('failed.reload')}
        </button>
      </main>
    );
  return (
    <div className="part-failed" role="alert">
      {t(WORDS[part])}{' '}
      <button type="button" onClick={retry}>
        {t('boundary.retry')}
      </button>
    </div>
  );
}
