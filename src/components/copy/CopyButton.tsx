import { useEffect, useState } from 'react';
import { copyText } from './clipboard';
import { useT } from '../../i18n/i18n';

const FEEDBACK_MS = 2000;

/**
 * A button that copies `text` (or what `text()` gives at the moment of the click) and says so:
 * "Copied", or why not, for two seconds. Its name says what it copies, for a screen reader.
 */
export function CopyButton({
  text,
  label,
  className = '',
}: {
  text: string | (() => string);
  label: string;
  className?: string;
}) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  const t = useT();
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  return (
    <button
      type="button"
      className={`copy-button ${className}`.trim()}
      // The name becomes the feedback: screen readers read a focused button's new name, and the
      // page keeps one live region (for the agent's moments), not one per button.
      aria-label={outcome === 'copied' ? t('copy.copied') : outcome === 'failed' ? t('copy.failed') : label}
      data-copied={outcome ?? undefined}
      onClick={(event) => {
        event.stopPropagation();
        copyText(typeof text === 'function' ? text() : text).then(
          () => setOutcome('copied'),
          () => setOutcome('failed'),
        );
      }}
    >
      {outcome === 'copied' ? t('copy.copied') : outcome === 'failed' ? t('copy.failed') : t('copy.copy')}
    </button>
  );
}
