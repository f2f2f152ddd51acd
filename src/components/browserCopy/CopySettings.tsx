import 'virtual:tether-english/browserCopy';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { formatNumber } from '../../i18n/format';
import {
  browserCopy,
  copyLimitBytes,
  copyLimitMb,
  COPY_LIMITS_MB,
  setCopyLimitMb,
  type CopyLimitMb,
} from '../../conversation/copy/browserCopy';
import type { CopyUsage } from '../../conversation/copy/eventCopy';
import { shellAbsence } from '../../offline/registerShellWorker';

// This browser's copy in the header's settings: how much it holds, how much it may, and a way to
// clear it. Loaded with the settings' first opening.

const megabytes = (bytes: number) => formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 });

export default function CopySettings() {
  const t = useT();
  const [usage, setUsage] = useState<CopyUsage | 'unavailable' | undefined>();
  const [limit, setLimit] = useState<number>(copyLimitMb);
  const [cleared, setCleared] = useState(false);

  const measure = () =>
    void browserCopy().then(async (copy) => setUsage(copy ? await copy.usage() : 'unavailable'));
  useEffect(measure, []);

  if (usage === 'unavailable')
    return (
      <section className="copy-settings" aria-labelledby="copy-settings-heading">
        <h2 id="copy-settings-heading">{t('browserCopy.heading')}</h2>
        <p>{t('browserCopy.unavailable')}</p>
      </section>
    );
  return (
    <section className="copy-settings" aria-labelledby="copy-settings-heading">
      <h2 id="copy-settings-heading">{t('browserCopy.heading')}</h2>
      <p className="copy-explain">
        {t('browserCopy.explain')} {t('browserCopy.reviewsKept')}
      </p>
      <OfflineShellNote />
      <label>
        {t('browserCopy.limit')}
        <select
          value={limit}
          onChange={(event) => {
            const chosen = Number(event.target.value) as CopyLimitMb;
            setCopyLimitMb(chosen);
            setLimit(chosen);
            void browserCopy()
              .then((copy) => copy?.evict(copyLimitBytes()))
              .then(measure);
          }}
        >
          {(COPY_LIMITS_MB.includes(limit as CopyLimitMb) ? COPY_LIMITS_MB : [limit, ...COPY_LIMITS_MB]).map(
            (size) => (
              <option key={size} value={size}>
                {t('browserCopy.megabytes', { size: formatNumber(size) })}
              </option>
            ),
          )}
        </select>
      </label>
      {usage && (
        <p role="status">
          {cleared
            ? t('browserCopy.cleared')
            : t('browserCopy.usage', { count: usage.conversations, size: megabytes(usage.bytes) })}
        </p>
      )}
      <button
        type="button"
        onClick={() => {
          void browserCopy()
            .then((copy) => copy?.clear())
            .then(() => {
              setCleared(true);
              measure();
            });
        }}
      >
        {t('browserCopy.clear')}
      </button>
    </section>
  );
}

/** Where Tether opens offline, when this page is not such a place: said, not left to be found out. */
function OfflineShellNote() {
  const t = useT();
  const absence = shellAbsence();
  if (!absence) return null;
  return (
    <p className="copy-explain">
      {absence === 'development'
        ? t('browserCopy.offlineDevelopment')
        : absence === 'mock'
          ? t('browserCopy.offlineMock')
          : t('browserCopy.offlineUnsupported')}
    </p>
  );
}
