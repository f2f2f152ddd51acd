import { useEffect, useState } from 'react';
import { copyText } from './clipboard';
import { useT } from '../../i18n/i18n';

const FEEDBACK_MS = 2000;

// The redaction rules are not on the first screen's path: loaded by the first click (a copy is
// asynchronous anyway; the chunk is under 2 KB).
let redaction: Promise<typeof import('./forClipboard')> | undefined;
const loadRedaction = () => (redaction ??= import('./forClipboard'));

/**
 * A button that copies `text` (or what `text()` gives at the moment of the click) and says so:
 * "Copied", or why not, for two seconds. Its name says what it copies, for a screen reader.
 * What reaches the clipboard has every secret taken out (the keys this browser holds, anything
 * shaped like a credential), as a share or an export does: a clipboard is pasted into chats and
 * tickets. The button then says so; the words on screen still hold it, for the person to select.
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
  const [outcome, setOutcome] = useState<'copied' | 'redacted' | 'failed' | null>(null);
  const t = useT();
  const words = (said: 'copied' | 'redacted' | 'failed') =>
    said === 'copied' ? t('copy.copied') : said === 'redacted' ? t('copy.copiedRedacted') : t('copy.failed');
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
      aria-label={outcome ? words(outcome) : label}
      data-copied={outcome ?? undefined}
      onClick={(event) => {
        event.stopPropagation();
        const whole = typeof text === 'function' ? text() : text;
        loadRedaction()
          .then(async ({ forClipboard }) => {
            const copied = forClipboard(whole);
            await copyText(copied);
            setOutcome(copied === whole ? 'copied' : 'redacted');
          })
          .catch(() => setOutcome('failed'));
      }}
    >
      {outcome ? words(outcome) : t('copy.copy')}
    </button>
  );
}
